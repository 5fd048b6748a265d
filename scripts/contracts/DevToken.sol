// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ShortString, ShortStrings} from "@openzeppelin/contracts/utils/ShortStrings.sol";

/// @title A catalogue token on the dev server's local chains.
/// @notice An OpenZeppelin ERC-20 with EIP-2612 permit whose name, symbol and decimals are
/// immutables, so that its runtime code, copied to the token's canonical address with
/// `anvil_setCode`, answers them there with no storage; only the minter (the dev server's
/// service account) creates tokens.
contract DevToken is ERC20Permit {
    using ShortStrings for string;
    using ShortStrings for ShortString;

    ShortString private immutable _shortName;
    ShortString private immutable _shortSymbol;
    uint8 private immutable _tokenDecimals;
    address private immutable _minter;

    /// @notice Thrown when someone other than the minter mints.
    error NotMinter(address caller);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address minter_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        _shortName = name_.toShortString();
        _shortSymbol = symbol_.toShortString();
        _tokenDecimals = decimals_;
        _minter = minter_;
    }

    function name() public view override returns (string memory) {
        return _shortName.toString();
    }

    function symbol() public view override returns (string memory) {
        return _shortSymbol.toString();
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    /// @notice Creates `amount` tokens for each of `to`.
    function mint(address[] calldata to, uint256 amount) external {
        if (msg.sender != _minter) revert NotMinter(msg.sender);
        for (uint256 i = 0; i < to.length; i++) {
            _mint(to[i], amount);
        }
    }
}
