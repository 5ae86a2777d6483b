import Protocol

/// The body of add mapping (docs/PROTOCOL.md §2.5).
package struct AddMappingInput: Sendable {
    package var idPCode: String
    package var accessToken: String?
    package var lineChannelRegion: String?

    package init(_ r: ObjectReader?) {
        let code = r?.string("idPCode", required: true)
        idPCode = code ?? ""
        accessToken = r?.string("accessToken", required: code.map { $0 != IdPCode.guest.rawValue } ?? false)
        lineChannelRegion = r?.object("additionalInfo")?.string("lineChannelRegion")
    }
}
