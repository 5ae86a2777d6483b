import Basics
import Testing

@Suite("Duration text")
struct DurationTextTests {
    @Test(
        "durations parse in every unit",
        arguments: [
            ("30s", Duration.seconds(30)), ("500ms", .milliseconds(500)), ("1m30s", .seconds(90)),
            ("2h", .seconds(7200)),
            ("1.5s", .milliseconds(1500)), ("250us", .microseconds(250)), ("7", .seconds(7)), ("1d", .seconds(86_400)),
        ]
    )
    func parses(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(
        "garbage is not a duration",
        arguments: ["", "s", "5x", "-3s", "1.2.3s", "ms5", "1e3s", "nan", "inf", "99999999999h"]
    )
    func rejects(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test(
        "format and parse round-trip",
        arguments: [Duration.seconds(30), .milliseconds(1500), .seconds(120), .milliseconds(250)]
    )
    func roundTrip(_ d: Duration) {
        #expect(DurationText.parse(DurationText.format(d)) == d)
    }
}
