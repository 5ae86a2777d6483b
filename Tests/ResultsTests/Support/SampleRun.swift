import Basics
import Engine
import Foundation
import Plan
import Results

/// A synthetic but realistic run: five operations at ~600 req/s for 30 s, expected and unexpected
/// errors, transport errors, and a 2-second generator stall that only corrected latency shows.
enum SampleRun {
    static let secretKey = "s3cr3t-K3y/with&odd<chars>"
    static let duration: Duration = .seconds(30)

    /// Built once per test process: recording 18,000 samples takes seconds in a debug build.
    private static let shared = Task { await makeRecording() }

    static func recording() async -> Recording { await shared.value }

    private static func makeRecording() async -> Recording {
        let recorder = Recorder(
            configuration: RecorderConfiguration(),
            runStart: .now - duration,
            startedAt: Date(timeIntervalSince1970: 1_767_225_600.123)
        )
        let names = ["login.guest", "login.idp", "mapping.add", "transfer.login", "withdraw"]
        let ids = names.map { recorder.operation($0) }
        var generator = SplitMix64(seed: 2026)
        let perSecond = 600
        let total = 30 * perSecond
        for n in 0..<total {
            let intended = Int64(n) * 1_000_000_000 / Int64(perSecond)
            // The generator stalls between 12 s and 14 s: those sends happen at 14 s.
            let sent = (12_000_000_000..<14_000_000_000).contains(intended) ? 14_000_000_000 : intended + 50_000
            let op = Int(generator.next() % UInt64(names.count))
            let roll = generator.next() % 1_000
            var service = Int64(1_500_000 + generator.next() % 2_500_000 + UInt64(op) * 400_000)
            if roll < 10 { service *= 12 }
            let outcome: OutcomeClass
            var code: Int? = 0
            switch roll {
            case 0..<3:
                outcome = .transportError
                code = nil
                service = 5_000_000_000
            case 3..<6:
                outcome = .unexpected
                code = op == 2 ? -4000001 : 9
            case 6..<120:
                outcome = .expectedError
                code = [3302, 3303, 3042, 7, 3102][op]
            default:
                outcome = .ok
            }
            recorder.record(
                RecordedSample(
                    operation: ids[op],
                    outcome: outcome,
                    resultCode: code,
                    intendedStartNanos: intended,
                    sentNanos: sent,
                    completedNanos: sent + service
                )
            )
        }
        return await recorder.finish(at: recorder.runStart + duration + .seconds(5))
    }

    /// A few documented names, standing in for Protocol's `ResultCode.name`.
    static let codeNames: [Int: String] = [
        0: "SUCCESS", 7: "BANNED_MEMBER", 9: "NOT_GUEST_OR_HAS_OTHERS", 3042: "AUTH_TRANSFERACCOUNT_BLOCK",
        3102: "AUTH_TOKEN_LOGIN_INVALID_TOKEN_INFO", 3302: "AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER",
        3303: "AUTH_ADD_MAPPING_ALREADY_HAS_SAME_IDP", -4000001: "INVALID_PARAMETER_TYPE",
    ]

    static let violations = [
        ViolationEntry(
            index: 1,
            rule: "M6",
            message: "add mapping answered 0 for an IdP account owned by another user <script>alert(1)</script>",
            expected: "3302 AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER",
            observed: "0 SUCCESS & \"mapped\"",
            reproducerJSON: "violations/001.json",
            reproducerSH: "violations/001.sh"
        ),
        ViolationEntry(
            index: 2,
            rule: "T8",
            message: "transfer login succeeded during the block",
            expected: "3042",
            observed: "0",
            reproducerJSON: "https://evil.example/x.json",
            reproducerSH: "../outside.sh"
        ),
    ]

    static let metadata = RunMetadata(
        seed: 42,
        profile: "load",
        target: "http://admin:hunter22@127.0.0.1:8080/?secretKey="
            + secretKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&region=kr",
        configuration: [
            "secretKey": secretKey,
            "target.testIdpSecret": "idp-secret-value",
            "stages.0.duration": "30s",
            "stages.0.rate": "600/s",
            "mix": "login.guest:2,login.idp:2,mapping.add:1",
        ]
    )

    static let thresholdExpressions = [
        "latency_ms{op:login.guest}.p99 < 2500",
        "latency_ms.p99 < 300",
        "service_ms{op:mapping.add}.p90 <= 50",
        "transport_error_rate < 1%",
        "violations == 0",
        "requests >= 1000",
        "throughput_rps{op:logout} > 1",
    ]

    static func summary(_ recording: Recording) throws -> RunSummary {
        let thresholds = try thresholdExpressions.map { try Threshold.parse($0) }
        return RunSummary(recording: recording, metadata: metadata, violations: violations).evaluating(thresholds)
    }
}
