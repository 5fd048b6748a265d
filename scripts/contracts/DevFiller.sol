// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Runs an intent's destination call for the filler.
/// @notice The call runs from here, an address that holds nothing and is approved for nothing, so
/// that a destination call can take no more than its payout from the filler. Only the filler
/// forwards.
contract DevCaller {
    address private immutable _filler;

    /// @notice Thrown when someone other than the filler forwards.
    error NotFiller(address caller);

    constructor(address filler_) {
        _filler = filler_;
    }

    /// @notice Calls `target` with `data` and the value sent; bubbles its revert.
    function forward(address target, bytes calldata data) external payable {
        if (msg.sender != _filler) revert NotFiller(msg.sender);
        (bool ok, bytes memory reason) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}

/// @title The dev server's filler on its local chains.
/// @notice Holds the service's liquidity and pays intents out: the tokens to the recipient (or an
/// allowance to the approve address, withdrawn after the call), then the intent's destination
/// call through `DevCaller`, in one transaction, so that a call that reverts takes the payout back
/// with it. A native call value comes out of the payout. Only the operator (the dev server's
/// service account) fills.
contract DevFiller {
    using SafeERC20 for IERC20;

    address private immutable _operator;
    DevCaller private immutable _caller;

    /// @notice Thrown when someone other than the operator fills.
    error NotOperator(address caller);
    /// @notice Thrown when the native payout or the destination call fails; carries its revert data.
    error CallFailed(bytes reason);
    /// @notice Thrown when the call's value is not part of a native payout.
    error ValueNotCovered(uint256 value, uint256 payout);

    constructor(address operator_, DevCaller caller_) {
        _operator = operator_;
        _caller = caller_;
    }

    receive() external payable {}

    /// @notice Pays `amount` of `token` (the zero address: native) to `to`, or approves `spender`
    /// for it when `spender` is not zero; then calls `target` with `data` through `DevCaller`,
    /// sending `value` of the native payout with it (`to` then gets `amount - value`). All or
    /// nothing.
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
        if (value > 0 && (token != address(0) || value > amount)) revert ValueNotCovered(value, amount);
        if (token == address(0)) {
            (bool ok, bytes memory reason) = to.call{value: amount - value}("");
            if (!ok) revert CallFailed(reason);
        } else if (spender != address(0)) {
            IERC20(token).forceApprove(spender, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
        if (target != address(0)) {
            try _caller.forward{value: value}(target, data) {}
            catch (bytes memory reason) {
                revert CallFailed(reason);
            }
        }
        if (spender != address(0) && token != address(0)) IERC20(token).forceApprove(spender, 0);
    }
}
