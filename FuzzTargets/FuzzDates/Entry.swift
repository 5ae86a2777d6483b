import Protocol

/// libFuzzer's entry: the bytes as an RFC 3339 date-time through ``GamebaseDate/parseISO8601(_:)``,
/// and the first eight as an instant through ``GamebaseDate/iso8601(milliseconds:)``. Every instant
/// the four-digit years can write must come back from its text unchanged; a mismatch traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let ms = GamebaseDate.parseISO8601(String(decoding: bytes, as: UTF8.self)), writable.contains(ms) {
        roundTrip(ms)
    }
    if size >= 8 {
        let raw = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        _ = GamebaseDate.iso8601(milliseconds: Int64(bitPattern: raw))  // any instant formats
        let span = UInt64(writable.upperBound - writable.lowerBound) + 1
        roundTrip(writable.lowerBound + Int64(raw % span))
    }
    return 0
}

/// `0000-01-01T00:00:00.000Z` … `9999-12-31T23:59:59.999Z`.
private let writable: ClosedRange<Int64> = -62_167_219_200_000...GamebaseDate.maxMilliseconds

private func roundTrip(_ ms: Int64) {
    let text = GamebaseDate.iso8601(milliseconds: ms)
    let back = GamebaseDate.parseISO8601(text)
    guard back == ms else {
        fatalError("\(ms) formats as \(text), which parses as \(back.map(String.init) ?? "nothing")")
    }
}
