import Basics
import Calibration
import Foundation
import Protocol
import Transport

/// `gbfuzz calibrate`: reaches a target, makes sure it speaks the Gamebase protocol, runs the
/// ``Calibrator``'s probes and writes the knob file (``CalibrationFile``).
package struct CalibrationRunner: Sendable {
    package struct Request: Sendable {
        package var target: String
        package var appId = "gbfuzz"
        package var secretKey = GamebaseTarget.defaultSecretKey
        package var idpSecret = IdPTokenSigner.defaultSecret
        package var tokenMode: IdPTokenMode?
        /// Where the knob file goes (`nil`: standard output).
        package var out: String?
        /// Names the probes' devices and IdP accounts (fresh by default).
        package var salt: String?
        package var timeout: Duration = .seconds(5)
        /// TLS, proxy and extra headers.
        package var network = NetworkOptions()

        package init(target: String) { self.target = target }
    }

    package let request: Request
    let say: @Sendable (String) -> Void

    package init(request: Request, say: @escaping @Sendable (String) -> Void) {
        self.request = request
        self.say = say
    }

    /// Calibrates and writes the file; returns the file's contents. Throws ``CommandError``: 69
    /// when the target cannot be reached or does not speak the protocol, 73 when the file cannot
    /// be written.
    @discardableResult
    package func run() async throws(CommandError) -> CalibrationFile {
        let unreadable = request.network.unreadableFiles
        guard unreadable.isEmpty else {
            throw CommandError(.usage, "cannot read the \(unreadable.joined(separator: ", the "))")
        }
        let transport: CurlTransport
        do {
            transport = try CurlTransport(
                configuration: CurlTransport.Configuration(
                    lanes: 1,
                    maxConnections: 4,
                    defaultTimeout: request.timeout,
                    responseHeaders: .named(GamebaseHeader.read),
                    network: request.network
                )
            )
        } catch {
            throw CommandError(.software, "cannot start the transport: \(error)")
        }
        let client = GamebaseClient(
            transport: transport,
            target: GamebaseTarget(baseURL: request.target, appId: request.appId, secretKey: request.secretKey),
            timeout: request.timeout
        )
        let file: CalibrationFile
        do {
            try await Probe.identify(client)
            let salt = request.salt ?? Self.freshSalt()
            say("calibrating \(client.target.baseURL) (probe devices gbfuzz-cal-\(salt)-…)")
            let calibrator = Calibrator(
                client: client,
                settings: Calibrator.Settings(salt: salt, idpSecret: request.idpSecret, tokenMode: request.tokenMode)
            )
            let decisions = await calibrator.run()
            file = CalibrationFile(
                target: client.target.baseURL,
                appId: request.appId,
                date: Date(),
                decisions: decisions
            )
        } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
        for d in file.decisions {
            say("  \(d.knob): \(d.value ?? "undecided") — \(d.because)")
        }
        try write(file.text)
        return file
    }

    private func write(_ text: String) throws(CommandError) {
        guard let out = request.out else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw CommandError(.cannotCreate, "cannot write \(out): \(error.localizedDescription)")
        }
        say("wrote \(out)")
    }

    /// Eight hex digits from the system's generator: probe identities a target has never seen.
    static func freshSalt() -> String {
        String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }
}
