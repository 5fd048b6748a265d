"""Runs an intent's lifecycle against a server and validates every answer with jsonschema.

usage: python3 lifecycle_valid.py BASE_URL ACCESS_KEY SCHEMAS_DIR WIRE AMOUNT

WIRE is "number" or "string" (sent as X-Bigint-As). Prints one JSON object: for each operation
whether its answer is valid against the published <Operation>Response schema (with the first
error when not), and the amount as read back (json keeps every digit of an integer).
"""

import json
import sys
import urllib.request

from validate_published import exact_number, load_documents, validator_for


def call(base, key, wire, op, body):
    req = urllib.request.Request(
        f"{base}/rpc/Service/{op}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "x-access-key": key, "x-bigint-as": wire},
        method="POST",
    )
    with urllib.request.urlopen(req) as res:
        return json.loads(res.read(), parse_float=exact_number)


def main():
    base, key, directory, wire, amount = sys.argv[1:6]
    docs = load_documents(directory)
    out = {"valid": {}, "errors": {}}

    def checked(op, body):
        answer = call(base, key, wire, op, body)
        validator = validator_for(docs, docs[f"{op}Response"])
        errors = sorted(validator.iter_errors(answer), key=lambda e: list(e.path))
        out["valid"][op] = not errors
        if errors:
            out["errors"][op] = f"{list(errors[0].path)}: {errors[0].message}"[:300]
        return answer

    request = {
        "ownerAddress": "0x2222222222222222222222222222222222222222",
        "originChainId": 42161,
        "originTokenAddress": "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1",
        "destinationChainId": 8453,
        "destinationTokenAddress": "0x4200000000000000000000000000000000000006",
        "tradeType": "EXACT_INPUT",
        "originTokenAmount": int(amount),
    }
    quoted = checked("QuoteIntent", request)
    intent = quoted["intent"]
    checked("CommitIntent", {"intent": intent})
    checked(
        "ExecuteIntent",
        {"intentId": intent["intentId"], "depositTransactionHash": "0x" + "ab" * 32},
    )
    checked("GetIntent", {"intentId": intent["intentId"]})
    receipt = checked("GetIntentReceipt", {"intentId": intent["intentId"]})
    # No states seen yet: the long poll answers at once with the current ones.
    checked("WaitIntentReceipt", {"intentId": intent["intentId"]})
    checked("SearchIntents", {"byIntentId": intent["intentId"]})
    checked("GetIntentHistory", {})
    checked("GetExactOutputRoutes", {"destinationChainId": 8453, "destinationTokenAddress": request["destinationTokenAddress"]})
    checked("GetExactInputRoutes", {"originChainId": 42161, "originTokenAddress": request["originTokenAddress"]})
    checked("GetTokenPrices", {"tokens": [{"chainId": 8453, "tokenAddress": request["destinationTokenAddress"]}]})
    checked("Ping", {})
    checked("Clock", {})
    out["amount"] = str(intent["quoteRequest"]["originTokenAmount"])
    out["amountType"] = type(intent["quoteRequest"]["originTokenAmount"]).__name__
    out["receiptAmount"] = str(receipt["intentReceipt"]["summary"]["originTokenAmount"])
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
