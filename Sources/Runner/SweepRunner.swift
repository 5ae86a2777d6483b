import Basics
import Engine
import Foundation
import Plan
import Results

/// `gbfuzz sweep PROFILE --rates R1,R2,…`: the profile run once per arrival rate, lowest first,
/// each step a whole `gbfuzz run` (its own folder, its own target when the target is embedded),
/// and one report over the steps (`sweep.json`, `sweep.html`) naming the first rate at which
/// violations or failed thresholds appear.
package struct SweepRunner: Sendable {
    /// The run every step starts from (profile, target, seed, bugs…); each step sets its rate.
    package var request: RunRequest
    package var rates: [Double]
    package var directory: URL
    package var overwrite = false
    package var say: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    package var print: @Sendable (String) -> Void = { Swift.print($0) }

    package init(request: RunRequest, rates: [Double], directory: URL) {
        self.request = request
        self.rates = rates.sorted()
        self.directory = directory
    }

    /// The report (`nil` when no step could run) and the sweep's exit status: 2 when a step found
    /// violations, 1 when a threshold failed, 0 when every step was clean; a step that could not
    /// run (bad profile, unreachable target, interrupted) stops the sweep with its status.
    package func run() async -> (report: SweepReport?, exit: ExitStatus) {
        guard prepare() else { return (nil, .cannotCreate) }
        var template = request
        // One seed for every step, so steps differ in their rate alone.
        template.seed = template.seed ?? UInt64.random(in: 0...UInt64(Int64.max))
        var profile = ""
        var target = ""
        var steps: [SweepReport.Step] = []
        var stopped: ExitStatus?
        for rate in rates {
            switch await step(template, rate: rate, number: steps.count + 1) {
            case .done(let step):
                steps.append(step.step)
                profile = step.profile
                target = step.target
            case .stopped(let status):
                stopped = status
            }
            if stopped != nil { break }
            if Task.isCancelled {
                stopped = .interrupted
                break
            }
        }
        guard !steps.isEmpty else { return (nil, stopped ?? .software) }
        let report = SweepReport(profile: profile, target: target, seed: template.seed ?? 0, steps: steps)
        print(report.text)
        guard write(report) else { return (report, .cannotCreate) }
        if let stopped { return (report, stopped) }
        let exit: ExitStatus =
            steps.contains { $0.violations > 0 }
            ? .violations : steps.contains(where: \.failed) ? .thresholdFailed : .clean
        return (report, exit)
    }

    private func prepare() -> Bool {
        do {
            try OutputFolder.prepare(directory, overwrite: overwrite)
            return true
        } catch {
            say("gbfuzz sweep: \(error)")
            return false
        }
    }

    private func write(_ report: SweepReport) -> Bool {
        do {
            try AtomicFile.write(report.jsonData(), to: directory.appendingPathComponent("sweep.json"))
            try AtomicFile.write(report.html, to: directory.appendingPathComponent("sweep.html"))
            say("results: \(directory.path)/sweep.html")
            return true
        } catch {
            say("gbfuzz sweep: cannot write the report into \(directory.path): \(error)")
            return false
        }
    }

    private enum StepResult {
        case done((step: SweepReport.Step, profile: String, target: String))
        case stopped(ExitStatus)
    }

    /// One step: the run at `rate`, or the status that stops the sweep.
    private func step(_ template: RunRequest, rate: Double, number: Int) async -> StepResult {
        var request = template
        request.rate = rate
        let name = "step-\(Self.label(rate))"
        request.out = directory.appendingPathComponent(name).path
        request.progress = request.progress ?? .off
        let plan: RunPlan
        do {
            plan = try RunPlan.make(request)
        } catch {
            say("gbfuzz sweep: \(error.message)")
            return .stopped(error.exit)
        }
        say("gbfuzz sweep: step \(number) of \(rates.count), \(Self.label(rate))/s")
        let outcome = await CampaignRunner(plan: plan, say: say, print: { _ in }).run()
        let verdicts: [ExitStatus] = [.clean, .thresholdFailed, .violations, .unknown]
        guard let summary = outcome.summary, verdicts.contains(outcome.exit) else {
            say("gbfuzz sweep: the step at \(Self.label(rate))/s ended: \(outcome.exit)")
            return .stopped(outcome.exit)
        }
        let step = SweepReport.Step(rate: rate, directory: name, summary: summary, exit: outcome.exit.rawValue)
        return .done((step, summary.profile, summary.target))
    }

    /// `100`, `12.5`: a rate as a folder name and in text.
    static func label(_ rate: Double) -> String {
        rate == rate.rounded() && abs(rate) < 1e15 ? String(Int64(rate)) : String(rate)
    }
}
