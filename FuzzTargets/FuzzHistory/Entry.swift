import Foundation
import Linearizability

/// libFuzzer's entry: the bytes as a `history.jsonl` through ``History/parse(_:source:)`` (the header,
/// every entry's `Op`, `Observation` and window, and the format's rules); a history it accepts is then
/// partitioned, cut where it stops being complete, and written back, which must read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let history = try? History.parse(bytes, source: "fuzz") else { return 0 }
    _ = Partitioner.partition(history)
    _ = history.checkable
    _ = history.windowsFollowRealTime
    guard let lines = try? history.jsonLines() else { return 0 }
    guard let again = try? History.parse(lines, source: "rewritten"), again.entries.count == history.entries.count
    else {
        fatalError("a history that was read does not read back once written")
    }
    return 0
}
