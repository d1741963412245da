import Foundation
import _FoundationICU

/// Orders names as a person of a given locale expects: letter case ignored, accents and letters
/// placed by the locale's rules (in Swedish "Ödet" follows "Zebra", in German it sits with "O"),
/// and numbers inside names compared by value ("Draft 2" before "Draft 10").
///
/// It uses the ICU that ships inside the Swift toolchain, through its sort keys: one key per name,
/// then plain byte comparisons. Foundation's `compare(_:options:range:locale:)` on Linux compares
/// code points for the POSIX locale ("M" before "d") and costs a locale lookup per pair.
public final class NameCollator {
    public let locale: Locale
    private let collator: OpaquePointer?
    private var buffer = [UInt8](repeating: 0, count: 512)
    private var characters = [UChar](repeating: 0, count: 256)

    public init(locale: Locale) {
        self.locale = locale
        var status = U_ZERO_ERROR
        // ICU's POSIX collation is code-point order; the C locale means "no preference", so root.
        let identifier = locale.identifier.hasPrefix("en_US_POSIX") ? "" : locale.identifier
        var opened = swift_ucol_open(identifier, &status)
        if opened == nil || status.rawValue > U_ZERO_ERROR.rawValue {
            // A locale ICU cannot open: the root collation rather than none.
            if let opened { swift_ucol_close(opened) }
            status = U_ZERO_ERROR
            opened = swift_ucol_open("", &status)
        }
        collator = opened
        swift_ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_SECONDARY, &status)
        swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
    }

    deinit {
        swift_ucol_close(collator)
    }

    /// Bytes that compare as the names do: equal keys mean the names differ at most in letter case.
    public func sortKey(_ name: String) -> [UInt8] {
        var key: [UInt8] = []
        appendSortKey(name, to: &key)
        return key
    }

    /// `sortKey(name)` added to the end of `keys`: many keys in one buffer, without an array each.
    public func appendSortKey(_ name: String, to keys: inout [UInt8]) {
        let count = utf16(of: name)
        while true {
            let length = Int(swift_ucol_getSortKey(collator, characters, Int32(count), &buffer, Int32(buffer.count)))
            if length <= buffer.count {
                keys.append(contentsOf: buffer[..<max(length - 1, 0)])
                return
            }
            buffer = [UInt8](repeating: 0, count: length)
        }
    }

    /// Puts `name` in `characters` as UTF-16, as ICU takes it, and says how many there are: ICU's
    /// own conversion into one buffer for all names costs a fraction of an array from `name.utf16`.
    private func utf16(of name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            while true {
                var length: Int32 = 0
                var status = U_ZERO_ERROR
                swift_u_strFromUTF8(&characters, Int32(characters.count), &length, bytes.baseAddress, Int32(bytes.count), &status)
                if Int(length) <= characters.count { return Int(length) }
                characters = [UChar](repeating: 0, count: Int(length))
            }
        }
    }

    public func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let (left, right) = (sortKey(lhs), sortKey(rhs))
        if left == right { return .orderedSame }
        return left.lexicographicallyPrecedes(right) ? .orderedAscending : .orderedDescending
    }
}
