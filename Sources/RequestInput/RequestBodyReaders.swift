import Protocol

/// Every reader of untrusted request input the routes use, runnable on raw bytes without a server:
/// ``JSONParser`` first, then each body-taking route's ``ObjectReader``s and ``Validator`` checks as
/// its handler calls them, and, when the document is an object of strings, the query readers too.
/// The coverage-guided fuzz target `FuzzTargets/FuzzServerJSON` drives it; any trap here is a bug.
///
/// The readers that are named types (`LoginInput`, `BanInput.parse`, `GraceBanInput.parse`,
/// `WithdrawHistoryQuery.parse`, …) are the routes' own; the few one-line readers written inline in
/// a route (`expiresIn`, `transferKey`, `account`, `seconds`, `frozen`) are repeated here.
package enum RequestBodyReaders {
    /// The result code each route's body checks answer for `bytes` (`.success` when they pass):
    /// `.malformedJSON` when `bytes` are not one JSON document of the route's shape.
    package static func check(_ bytes: [UInt8], now: Int64 = 0) -> [String: ResultCode] {
        let json = JSONParser.parse(bytes)
        var codes: [String: ResultCode] = [:]
        for route in objectRoutes {
            codes[route.name] = outcome {
                guard case .object(let o)? = json else { throw GamebaseFailure(.malformedJSON) }
                let v = Validator()
                try route.read(ObjectReader(o, v), v, now)
                try v.check()
            }
        }
        for (name, max) in [("getMembers", ListLimits.lookup), ("idPMembers", ListLimits.lookup)] {
            codes[name] = outcome {
                guard case .array(let items)? = json else { throw GamebaseFailure(.malformedJSON) }
                let v = Validator()
                _ = ObjectReader.strings(items, v, name: "body", maxCount: max)
                try v.check()
            }
        }
        if case .object(let o)? = json {
            let values = o.compactMapValues { if case .string(let s) = $0 { s } else { nil } }
            codes["withdrawalLog(query)"] = outcome {
                _ = try WithdrawHistoryQuery.parse(QueryReader(values: values, Validator()))
            }
            let v = Validator()
            for (key, value) in values {
                _ = v.deviceId(value)
                _ = v.integer(NumberText.integer(value), key)
            }
        }
        return codes
    }

    private struct Route: Sendable {
        var name: String
        /// Reads the body as the route's handler does; a reader with its own ``Validator`` throws.
        var read: @Sendable (ObjectReader, Validator, Int64) throws -> Void
    }

    private static let objectRoutes: [Route] = [
        Route(name: "login") { r, _, _ in _ = LoginInput(r) },
        Route(name: "changeLogin/addMappingForcibly") { r, _, _ in _ = ForcingMappingInput(r) },
        Route(name: "addMapping") { r, _, _ in _ = AddMappingInput(r) },
        Route(name: "renewTransferAccount") { r, _, _ in _ = RenewInput(r) },
        Route(name: "transferAccountLogin") { r, _, _ in _ = TransferLoginInput(r) },
        Route(name: "issueTransferKey") { r, _, _ in _ = r.int("expiresIn", required: true) },
        Route(name: "transferKeyLogin") { r, _, _ in _ = r.string("transferKey", required: true) },
        Route(name: "ban") { r, _, now in _ = try BanInput.parse(.object(r.fields), now: now) },
        Route(name: "banRelease") { r, _, _ in _ = try BanInput.parseRelease(.object(r.fields)) },
        Route(name: "validateTransferAccount") { r, _, _ in
            let account = r.object("account", required: true)
            _ = account?.string("id", required: true)
            _ = account?.string("password", required: true)
        },
        Route(name: "clockAdvance") { r, v, _ in
            let seconds = r.int("seconds", required: true) ?? 0
            if seconds < 0 || seconds > Semantics.maxSeconds { v.report(.inappropriateValue, "seconds") }
        },
        Route(name: "clockFreeze") { r, _, _ in _ = r.bool("frozen", required: true) },
        Route(name: "graceBan") { r, _, _ in _ = try GraceBanInput.parse(r, userId: "u") },
    ]

    private static func outcome(_ body: () throws -> Void) -> ResultCode {
        do {
            try body()
            return .success
        } catch let f as GamebaseFailure {
            return f.code
        } catch {
            return .invalidParameter
        }
    }
}
