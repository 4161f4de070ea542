// The product users import: the layers, re-exported, and nothing else.
@_exported import DER
@_exported import SHA2
@_exported import BigNum
@_exported import RSA
@_exported import EC
@_exported import PKIX
@_exported import Trust
@_exported import Pinning
