import RequestInput

/// libFuzzer's entry: the bytes as a request body through the reference server's JSON parser and
/// every route's body readers and validators (``RequestBodyReaders``). Only traps are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = RequestBodyReaders.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
