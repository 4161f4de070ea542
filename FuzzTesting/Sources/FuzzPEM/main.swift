// libFuzzer entry: arbitrary text into the PEM reader, then each block into the parser.
import PureX509

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let blocks = try? PEM.certificates(in: bytes) else { return 0 }
    for block in blocks { _ = try? Certificate(derEncoded: block.der) }
    return 0
}
