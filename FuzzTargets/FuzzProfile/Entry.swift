import Plan

/// libFuzzer's entry: the bytes as profile YAML through ``ProfileParser`` (the YAML walker, the knob
/// reader, every section), then each threshold the profile lists through ``Threshold/parse(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let profile = try? parser.parse(text, file: "fuzz.yaml") else { return 0 }
    for spec in profile.thresholds { _ = try? Threshold.parse(spec.expression) }
    return 0
}

/// A fixed environment, so `${NAME}` and `${NAME:-default}` interpolation both get exercised.
private let parser = ProfileParser(environment: ["GBFUZZ_TARGET": "http://127.0.0.1:8080", "EMPTY": ""])
