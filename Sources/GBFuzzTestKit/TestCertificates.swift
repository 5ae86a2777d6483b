import Foundation

/// A throwaway PKI for tests of the TLS paths, made with the `openssl` command in a fresh folder: a
/// CA, a server certificate for 127.0.0.1 and localhost signed by it, and a client certificate
/// signed by it (for mutual TLS). Every file is PEM.
package struct TestCertificates: Sendable {
    package let directory: URL
    package var caCertificate: String { path("ca.pem") }
    package var serverCertificate: String { path("server.pem") }
    package var serverKey: String { path("server.key") }
    package var clientCertificate: String { path("client.pem") }
    package var clientKey: String { path("client.key") }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Makes the certificates (a few hundred milliseconds).
    package static func make() throws -> TestCertificates {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-pki-\(UInt32.random(in: 0...UInt32.max))"
        )
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let c = TestCertificates(directory: dir)
        try c.openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=gbfuzz test CA",
            "-keyout", c.path("ca.key"), "-out", c.caCertificate,
        ])
        try c.issue("server", subject: "/CN=127.0.0.1", extensions: "subjectAltName=IP:127.0.0.1,DNS:localhost")
        try c.issue("client", subject: "/CN=gbfuzz client", extensions: "extendedKeyUsage=clientAuth")
        return c
    }

    /// A key and a certificate named `name`, signed by the CA.
    private func issue(_ name: String, subject: String, extensions: String) throws {
        try openssl([
            "req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", path("\(name).key"),
            "-out", path("\(name).csr"),
        ])
        try Data((extensions + "\n").utf8).write(to: URL(fileURLWithPath: path("\(name).ext")))
        try openssl([
            "x509", "-req", "-in", path("\(name).csr"), "-CA", caCertificate, "-CAkey", path("ca.key"),
            "-CAcreateserial", "-days", "2", "-extfile", path("\(name).ext"), "-out", path("\(name).pem"),
        ])
    }

    private func openssl(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["openssl"] + arguments
        p.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        p.standardError = errors
        try p.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "openssl \(arguments.first ?? ""): \(String(decoding: message, as: UTF8.self))"
                ]
            )
        }
    }

    /// Removes the folder.
    package func remove() { try? FileManager.default.removeItem(at: directory) }
}
