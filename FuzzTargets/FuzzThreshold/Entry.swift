import Plan

/// libFuzzer's entry: each line of the bytes through ``Threshold/parse(_:)``. A threshold must read
/// the same from its own ``Threshold/expression``; a mismatch traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let threshold = try? Threshold.parse(String(line)) else { continue }
        let again = try? Threshold.parse(threshold.expression)
        guard again == threshold else {
            fatalError("'\(line)' parses as \(threshold), but its expression does not read back the same")
        }
    }
    return 0
}
