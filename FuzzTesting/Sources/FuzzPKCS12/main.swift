// libFuzzer entry for FuzzTarget.pkcs12 (Sources/PureX509Fuzzing).
import PureX509Fuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.pkcs12.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
