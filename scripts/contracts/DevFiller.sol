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
/// with it. A native call value comes out of the payout. Deposits come here, and a refund goes
/// back from here. Each intent is filled at most once and refunded at most once, and never both,
/// whoever asks how often: a dev server that restarts in the middle of an execution asks again.
/// Only the operator (the dev server's service account) fills and refunds.
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
    /// @notice Thrown when the intent was already filled or refunded.
    error AlreadySettled(bytes32 id);

    /// @notice An intent was paid out.
    event Filled(bytes32 indexed id);
    /// @notice An intent's deposit was sent back.
    event Refunded(bytes32 indexed id);

    /// @notice Whether each intent was filled (1) or refunded (2).
    mapping(bytes32 id => uint8) public settled;

    constructor(address operator_, DevCaller caller_) {
        _operator = operator_;
        _caller = caller_;
    }

    receive() external payable {}

    /// @notice Pays intent `id` out: `amount` of `token` (the zero address: native) to `to`, or
    /// an allowance for `spender` when it is not zero; then calls `target` with `data` through
    /// `DevCaller`, sending `value` of the native payout with it (`to` then gets `amount - value`).
    /// All or nothing; once per intent.
    function fill(
        bytes32 id,
        address token,
        address to,
        uint256 amount,
        address spender,
        address target,
        bytes calldata data,
        uint256 value
    ) external {
        if (msg.sender != _operator) revert NotOperator(msg.sender);
        if (settled[id] != 0) revert AlreadySettled(id);
        settled[id] = 1;
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
        emit Filled(id);
    }

    /// @notice Sends intent `id`'s deposit back: `amount` of `token` (the zero address: native) to
    /// `to`. Once per intent, and never for one that was filled.
    function refund(bytes32 id, address token, address to, uint256 amount) external {
        if (msg.sender != _operator) revert NotOperator(msg.sender);
        if (settled[id] != 0) revert AlreadySettled(id);
        settled[id] = 2;
        if (token == address(0)) {
            (bool ok, bytes memory reason) = to.call{value: amount}("");
            if (!ok) revert CallFailed(reason);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
        emit Refunded(id);
    }
}
