// libFuzzer entry for FuzzTarget.sctList (Sources/PureX509Fuzzing).
import PureX509Fuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.sctList.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
