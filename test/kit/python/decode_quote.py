"""Decodes a live QuoteIntent answer of the dev server with Python types generated from the
published JSON Schemas (generated/schemas/, by quicktype), using only the standard library.

usage: python3 decode_quote.py TYPES_DIR BASE_URL ACCESS_KEY AMOUNT

Prints one JSON line: the amounts as decimal strings (read as Python ints: exact at any size), the
intent id, and the checks made on the way.
"""

import json
import sys
import urllib.request

types_dir, base_url, access_key, amount = sys.argv[1:5]
sys.path.insert(0, types_dir)

from quote_intent_response import quote_intent_response_from_dict  # noqa: E402

WETH_ARBITRUM = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1"
WETH_BASE = "0x4200000000000000000000000000000000000006"

# The request carries the amount as a JSON number with every digit, as the interface says.
body = (
    '{"ownerAddress":"0x1111111111111111111111111111111111111111",'
    f'"originChainId":42161,"originTokenAddress":"{WETH_ARBITRUM}",'
    f'"destinationChainId":8453,"destinationTokenAddress":"{WETH_BASE}",'
    f'"tradeType":"EXACT_OUTPUT","destinationTokenAmount":{int(amount)}}}'
)
request = urllib.request.Request(
    f"{base_url}/rpc/Service/QuoteIntent",
    data=body.encode(),
    headers={"Content-Type": "application/json", "X-Access-Key": access_key},
    method="POST",
)
with urllib.request.urlopen(request, timeout=15) as response:
    raw_text = response.read().decode()

raw = json.loads(raw_text)  # Python's json reads integers of any size exactly
quote = quote_intent_response_from_dict(raw)
intent = quote.intent

amounts = {
    "salt": intent.salt,
    "fromAmount": intent.quote.from_amount,
    "toAmount": intent.quote.to_amount,
    "depositAmount": intent.deposit_transaction.amount,
    "minAmount": intent.origin_precondition.min_amount,
    "totalFeeAmount": intent.fees.total_fee_amount,
}
checks = {
    # JSON numbers on the wire (number mode), decoded to int, not float
    "allInts": all(type(v) is int for v in amounts.values()),
    "pastTwoTo53": all(v > 2**53 for k, v in amounts.items() if k != "totalFeeAmount"),
    "toAmountExact": intent.quote.to_amount == int(amount),
    # the digits of the wire text survive: each amount appears verbatim in the body
    "digitsInBody": all(f":{v}" in raw_text for v in amounts.values()),
    # encoding back gives the same JSON values
    "roundTrip": quote.to_dict()["intent"]["salt"] == raw["intent"]["salt"],
}
print(
    json.dumps(
        {
            "intentId": intent.intent_id,
            "status": intent.status.value if hasattr(intent.status, "value") else intent.status,
            "amounts": {k: str(v) for k, v in amounts.items()},
            "checks": checks,
        }
    )
)
