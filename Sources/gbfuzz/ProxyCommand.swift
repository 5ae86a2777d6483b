import ArgumentParser
import Basics
import FaultProxy
import Foundation
import Protocol
import Transport

/// `gbfuzz proxy --listen HOST:PORT --upstream URL --fault SPEC…`: the fault-injecting proxy on its own.
struct ProxyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Forward to a target, injecting faults: latency, dropped answers, resets, duplicates, slow bodies.",
        discussion: """
            Every request is forwarded to --upstream; each --fault applies to its share of them, at most one \
            per request: delay:DURATION:P (the answer late), drop-response:P (forwarded and answered, then the \
            connection closes without the answer), reset:P (the connection reset before forwarding), \
            duplicate:P (forwarded twice, the first answer returned with X-Gbfuzz-Fault: duplicate), \
            slow-body:DURATION:P (the body trickled out over DURATION). Test control (/tcgb-test/…, the \
            harness's own channel: its clock, its knobs) is forwarded untouched. Prints "listening on URL" first; \
            Ctrl-C stops it and prints what was injected. Point gbfuzz run --target at it, or give a profile \
            faults: to put one in front of a run's target. Exits 64 for a bad option, 69 when the address \
            cannot be bound.
            """
    )

    @Option(help: "Address to listen on, HOST:PORT (port 0 picks a free one).")
    var listen = "127.0.0.1:0"

    @Option(help: "The target to forward to, an http(s) URL.")
    var upstream: String

    @Option(name: .customLong("fault"), help: "A fault, e.g. delay:50ms:0.05 or drop-response:0.02 (repeatable).")
    var faults: [String] = []

    @Option(help: "PRNG seed of the fault draws.")
    var seed: UInt64 = 1

    @Option(help: "How long an upstream request may take before the client's connection is closed.")
    var timeout: DurationArgument?

    func validate() throws {
        guard let u = URL(string: upstream), ["http", "https"].contains(u.scheme ?? ""), u.host != nil else {
            throw ValidationError("--upstream must be an http(s) URL (got \"\(upstream)\")")
        }
        guard Self.address(listen) != nil else {
            throw ValidationError("--listen must be HOST:PORT with a port 0…65535 (got \"\(listen)\")")
        }
        _ = try Self.parse(faults)
    }

    /// The specs, or a validation error naming the bad one.
    static func parse(_ texts: [String]) throws -> [FaultSpec] {
        var specs: [FaultSpec] = []
        for text in texts {
            do {
                specs.append(try FaultSpec(parsing: text, duration: DurationText.parse))
            } catch {
                throw ValidationError("--fault: \(error.message)")
            }
        }
        do {
            try FaultSpec.validate(specs)
        } catch {
            throw ValidationError("--fault: \(error.message)")
        }
        return specs
    }

    static func address(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    func run() async throws {
        let specs = try Self.parse(faults)
        let (host, port) = Self.address(listen)!
        let plan = try FaultPlan(specs, seed: seed)
        let proxy: FaultProxy
        do {
            proxy = try await FaultProxy.start(
                host: host,
                port: port,
                upstream: upstream,
                plan: plan,
                exempt: [Endpoint.testControlPrefix],
                timeout: timeout?.duration ?? .seconds(30)
            )
        } catch {
            throw ExitCode.failing(.unreachable, "gbfuzz proxy: cannot listen on \(listen): \(error)")
        }
        FileHandle.standardOutput.write(Data("listening on \(proxy.baseURL)\n".utf8))
        await SignalCancellation.run {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
        }
        await proxy.stop()
        let (requests, injected) = plan.counts
        let faults = injected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("gbfuzz proxy: \(requests) requests, faults injected: \(faults.isEmpty ? "none" : faults)")
    }
}
