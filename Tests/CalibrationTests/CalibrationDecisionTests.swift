import Calibration
import Protocol
import Testing

/// Each probe's decision from the answers a target could give: the documented alternatives decide
/// the knob, anything else leaves it undecided (never a guess).
@Suite("Calibration: decisions from answers")
struct CalibrationDecisionTests {
    @Test(
        "tokens.deviceBound: 3011 from another device while the own device works is true; the user from another device is false"
    )
    func deviceBound() {
        #expect(
            Calibrator.deviceBound(fromOtherDevice: .authInvalidGamebaseToken, sameUser: false, fromOwnDevice: .success)
                .value == true
        )
        #expect(Calibrator.deviceBound(fromOtherDevice: .success, sameUser: true, fromOwnDevice: nil).value == false)
        // A success as another user, a refusal on the own device too, other codes, no answer: undecided.
        #expect(Calibrator.deviceBound(fromOtherDevice: .success, sameUser: false, fromOwnDevice: nil).value == nil)
        #expect(
            Calibrator.deviceBound(
                fromOtherDevice: .authInvalidGamebaseToken,
                sameUser: false,
                fromOwnDevice: .authInvalidGamebaseToken
            ).value == nil
        )
        #expect(
            Calibrator.deviceBound(fromOtherDevice: .invalidMember, sameUser: false, fromOwnDevice: nil).value == nil
        )
        #expect(Calibrator.deviceBound(fromOtherDevice: nil, sameUser: false, fromOwnDevice: nil).value == nil)
    }

    @Test("tokens.perDevice: the earlier token revoked is one, live is many; the same token twice is undecided")
    func perDevice() {
        #expect(Calibrator.perDevice(sameToken: false, earlierToken: .authInvalidGamebaseToken).value == .one)
        #expect(Calibrator.perDevice(sameToken: false, earlierToken: .success).value == .many)
        #expect(Calibrator.perDevice(sameToken: true, earlierToken: nil).value == nil)
        #expect(Calibrator.perDevice(sameToken: false, earlierToken: .notLoggedIn).value == nil)
        #expect(Calibrator.perDevice(sameToken: false, earlierToken: nil).value == nil)
    }

    @Test("login.alreadyLoggedIn: the owner at once is allow; 3201 then success with the flag is reject")
    func alreadyLoggedIn() {
        #expect(Calibrator.alreadyLoggedIn(withoutFlag: .success, sameUser: true, withFlag: nil).value == .allow)
        #expect(
            Calibrator.alreadyLoggedIn(withoutFlag: .idpLoginFailed, sameUser: false, withFlag: .success).value
                == .reject
        )
        // 3201 both times is the token being refused, not L7; another user or code decides nothing.
        #expect(
            Calibrator.alreadyLoggedIn(withoutFlag: .idpLoginFailed, sameUser: false, withFlag: .idpLoginFailed).value
                == nil
        )
        #expect(Calibrator.alreadyLoggedIn(withoutFlag: .success, sameUser: false, withFlag: nil).value == nil)
        // The flag logged in someone else than the account's owner: not the L7 check either.
        #expect(
            Calibrator.alreadyLoggedIn(
                withoutFlag: .idpLoginFailed,
                sameUser: false,
                withFlag: .success,
                flaggedSameUser: false
            ).value == nil
        )
        #expect(Calibrator.alreadyLoggedIn(withoutFlag: .bannedMember, sameUser: false, withFlag: nil).value == nil)
    }

    @Test("idp.unconfigured: 3202 and 3304 is console, 3002 twice notSupported; a mix or anything else undecided")
    func unconfigured() {
        #expect(
            Calibrator.unconfigured(login: .idpLoginInvalidIdPInfo, mapping: .addMappingInvalidIdPInfo).value
                == .console
        )
        #expect(
            Calibrator.unconfigured(login: .authNotSupportedProvider, mapping: .authNotSupportedProvider).value
                == .notSupported
        )
        #expect(
            Calibrator.unconfigured(login: .idpLoginInvalidIdPInfo, mapping: .authNotSupportedProvider).value == nil
        )
        #expect(Calibrator.unconfigured(login: .idpLoginFailed, mapping: .addMappingInvalidIdPInfo).value == nil)
        #expect(Calibrator.unconfigured(login: .undefinedValue, mapping: nil).value == nil)
    }

    @Test(
        "mapping.forcing: a 3302 ticket is ticket; no ticket and no forced route is none; an existing route, no 3302 or no answer undecided"
    )
    func forcing() {
        let conflict = ResultCode.addMappingAlreadyMappedToOtherMember
        func verdict(_ c: ResultCode?, ticket: Bool = false, _ route: ResultCode?, _ status: Int?) -> ForcingRemedy? {
            Calibrator.forcing(conflict: c, hasTicket: ticket, forcedRoute: route, foreignStatus: status).value
        }
        #expect(verdict(conflict, ticket: true, nil, nil) == .ticket)
        #expect(verdict(conflict, .wrongURI, nil) == .noTicket)
        #expect(verdict(conflict, nil, 404) == .noTicket)
        #expect(verdict(conflict, nil, 405) == .noTicket)
        #expect(verdict(conflict, nil, 502) == nil, "a gateway error is no evidence of a missing route")
        #expect(verdict(conflict, nil, nil) == nil, "no answer at all")
        #expect(verdict(conflict, .forciblyNotExistKey, nil) == nil)
        #expect(verdict(.success, nil, 404) == nil)
    }

    @Test("tokens.goneMember: 3011 and 3102 is invalidToken; one member code for both decides it; a mix undecided")
    func goneMember() {
        let dead = Calibrator.goneMember(member: .authInvalidGamebaseToken, tokenLogin: .tokenLoginInvalidTokenInfo)
        #expect(dead.value == .invalidToken)
        for value in GoneMember.allCases {
            guard let code = value.code else { continue }
            #expect(Calibrator.goneMember(member: code, tokenLogin: code).value == value)
            #expect(Calibrator.goneMember(member: code, tokenLogin: .tokenLoginInvalidTokenInfo).value == nil)
        }
        #expect(Calibrator.goneMember(member: .authInvalidGamebaseToken, tokenLogin: .authNotExistMember).value == nil)
        #expect(Calibrator.goneMember(member: .success, tokenLogin: .success).value == nil)
        #expect(Calibrator.goneMember(member: nil, tokenLogin: nil).value == nil)
    }

    @Test("mapping.fromGuest: guest gone and the mapped IdP logged in is replace, both kept is keep, a mix undecided")
    func fromGuest() {
        #expect(Calibrator.fromGuest(authList: [.google], loggedIn: .google, mapped: .google).value == .replace)
        #expect(Calibrator.fromGuest(authList: [.guest, .google], loggedIn: .guest, mapped: .google).value == .keep)
        #expect(Calibrator.fromGuest(authList: [.guest, .google], loggedIn: .google, mapped: .google).value == nil)
        #expect(Calibrator.fromGuest(authList: [.google], loggedIn: .guest, mapped: .google).value == nil)
        #expect(Calibrator.fromGuest(authList: [.google], loggedIn: nil, mapped: .google).value == nil)
    }

    @Test("mapping.transferCredentials: 3043 or 3033 is delete, 9 keep, anything else undecided")
    func transferCredentials() {
        #expect(Calibrator.transferCredentials(.transferAccountInvalidID).value == .delete)
        #expect(Calibrator.transferCredentials(.transferKeyNotExist).value == .delete)
        #expect(Calibrator.transferCredentials(.notGuestOrHasOthers).value == .keep)
        #expect(Calibrator.transferCredentials(.success).value == nil)
        #expect(Calibrator.transferCredentials(nil).value == nil)
    }

    @Test("login.missingIdPToken: -4000002 is badInput, 3203 externalAuthRequired, 3202 undecided")
    func missingIdPToken() {
        #expect(Calibrator.missingIdPToken(.missingParameter).value == .badInput)
        #expect(Calibrator.missingIdPToken(.idpLoginExternalAuthRequired).value == .externalAuthRequired)
        #expect(Calibrator.missingIdPToken(.idpLoginInvalidIdPInfo).value == nil)
        #expect(Calibrator.missingIdPToken(nil).value == nil)
    }

    @Test("ban.scope: the ban code on a live token is everyCall, a success loginsOnly; without a ban code undecided")
    func banScope() {
        let seven = Verdict<ResultCode>.decided(.bannedMember, because: "")
        #expect(Calibrator.banScope(.bannedMember, code: seven).value == .everyCall)
        #expect(Calibrator.banScope(.success, code: seven).value == .loginsOnly)
        #expect(Calibrator.banScope(.authInvalidGamebaseToken, code: seven).value == nil)
        #expect(Calibrator.banScope(.success, code: .undecided("no Server API")).value == nil)
    }

    @Test("shapes.resultMessage: code names on both answers is codeName, a sentence on either is free")
    func messageForm() {
        func h(_ code: ResultCode, _ message: String) -> ResponseHeader {
            ResponseHeader(transactionId: "t", isSuccessful: code.isSuccess, resultCode: code, resultMessage: message)
        }
        #expect(
            Calibrator.messageForm([
                h(.success, "SUCCESS"), h(.authInvalidGamebaseToken, "AUTH_INVALID_GAMEBASE_TOKEN: x"),
            ])
            .value == .codeName
        )
        #expect(
            Calibrator.messageForm([h(.success, "SUCCESS"), h(.authInvalidGamebaseToken, "Invalid token")]).value
                == .free
        )
        #expect(Calibrator.messageForm([h(.success, "OK")]).value == nil)
    }

    @Test("ban.code: 7 or 3005 decide; anything else (a success, 3011, no answer) is undecided")
    func banCode() {
        #expect(Calibrator.banCode(.bannedMember).value == .bannedMember)
        #expect(Calibrator.banCode(.authBannedMember).value == .authBannedMember)
        #expect(Calibrator.banCode(.success).value == nil)
        #expect(Calibrator.banCode(.authInvalidGamebaseToken).value == nil)
        #expect(Calibrator.banCode(nil).value == nil)
    }

    @Test(
        "transferAccount.failThreshold: the count at the first 3042 after 3044s; never blocking or another code is undecided"
    )
    func failThreshold() {
        let wrong = ResultCode.transferAccountInvalidPassword
        #expect(Calibrator.failThreshold([wrong, wrong, .transferAccountBlock]).value == 3)
        #expect(Calibrator.failThreshold([.transferAccountBlock]).value == 1)
        #expect(Calibrator.failThreshold(Array(repeating: wrong, count: 20)).value == nil)
        #expect(Calibrator.failThreshold([wrong, .transferAccountInvalidID]).value == nil)
        #expect(Calibrator.failThreshold([wrong, nil]).value == nil)
        #expect(Calibrator.failThreshold([]).value == nil)
    }

    @Test(
        "transferAccount.wrongIds: 3043 past the threshold is ignored, 3042 at it perDevice; a block at another count or another code is undecided"
    )
    func wrongIds() {
        let unknown = ResultCode.transferAccountInvalidID
        #expect(Calibrator.wrongIds(Array(repeating: unknown, count: 4), threshold: 3).value == .ignored)
        #expect(Calibrator.wrongIds([unknown, unknown, .transferAccountBlock], threshold: 3).value == .perDevice)
        #expect(Calibrator.wrongIds([.transferAccountBlock], threshold: 1).value == .perDevice)
        #expect(Calibrator.wrongIds([unknown, .transferAccountBlock], threshold: 3).value == nil)
        #expect(Calibrator.wrongIds(Array(repeating: unknown, count: 3), threshold: 3).value == nil)
        #expect(Calibrator.wrongIds([unknown, .transferAccountConsoleNoCondition], threshold: 3).value == nil)
        #expect(Calibrator.wrongIds([unknown, nil], threshold: 3).value == nil)
        #expect(Calibrator.wrongIds([], threshold: 3).value == nil)
    }
}
