// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title The dev server's filler on its local chains.
/// @notice Holds the service's liquidity and pays intents out: the tokens to the recipient (or an
/// allowance to the approve address), then the intent's destination call, in one transaction, so
/// that a call that reverts takes the payout back with it. Only the operator (the dev server's
/// service account) fills.
contract DevFiller {
    using SafeERC20 for IERC20;

    address private immutable _operator;

    /// @notice Thrown when someone other than the operator fills.
    error NotOperator(address caller);
    /// @notice Thrown when the native payout or the destination call fails; carries its revert data.
    error CallFailed(bytes reason);

    constructor(address operator_) {
        _operator = operator_;
    }

    receive() external payable {}

    /// @notice Pays `amount` of `token` (the zero address: native) to `to`, or approves `spender`
    /// for it when `spender` is not zero; then calls `target` with `data` and `value` when
    /// `target` is not zero. All or nothing.
    function fill(
        address token,
        address to,
        uint256 amount,
        address spender,
        address target,
        bytes calldata data,
        uint256 value
    ) external {
        if (msg.sender != _operator) revert NotOperator(msg.sender);
        if (token == address(0)) {
            (bool ok, bytes memory reason) = to.call{value: amount}("");
            if (!ok) revert CallFailed(reason);
        } else if (spender != address(0)) {
            IERC20(token).forceApprove(spender, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
        if (target != address(0)) {
            (bool ok, bytes memory reason) = target.call{value: value}(data);
            if (!ok) revert CallFailed(reason);
        }
    }
}
