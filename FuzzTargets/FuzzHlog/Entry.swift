import Engine
import Results

/// libFuzzer's entry: the bytes as `.hlog` text through ``HistogramLog/init(parsing:)``; and as a V2
/// histogram, compressed and not, straight into ``HistogramCodec`` (the decoder behind every line,
/// without the base64 and zlib a mutation rarely gets through), a decoded one then standing as a
/// log's only line. Every log read then goes where `gbfuzz merge` takes it: each histogram unpacked,
/// the log merged with itself (`gbfuzz merge a.hlog a.hlog`) and written as text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let log = try? HistogramLog(parsing: String(decoding: bytes, as: UTF8.self)) {
        use(log)
    }
    _ = try? HistogramCodec.decode(compressed: bytes)
    if let histogram = try? HistogramCodec.decode(encoded: bytes) {
        use(
            HistogramLog(
                startTime: 0,
                baseTime: nil,
                entries: [.init(tag: nil, start: 0, length: 1, histogram: histogram)]
            )
        )
    }
    return 0
}

private func use(_ log: HistogramLog) {
    for entry in log.entries { _ = entry.histogram.unpack() }
    if let merged = try? HistogramLog.merging([log, log]) { _ = merged.text() }
}
