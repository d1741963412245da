import Foundation

/// A project's place in the writer's own order, as text that sorts where the project goes: the
/// order is the projects sorted by key (then by id, should two machines ever pick the same key).
/// A move gives the moved project a key between its new neighbours' and touches no other project,
/// so moves and adds made on two copies of the store can be merged without renumbering anything.
///
/// A key is a whole part, then an optional fraction. The whole part is a head letter saying how many
/// base-62 digits follow (`a`: 1, `b`: 2, …; `Z`: 1, `Y`: 2, … below every `a` key), so keys made by
/// adding at the end or moving to the top stay short: 100,000 additions need 4 characters. The
/// fraction makes room between two neighbouring whole parts, a digit per halving. Digits are
/// `0-9A-Za-z`, whose ASCII order is their value's, so keys compare as plain bytes.
public struct OrderKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let text: String

    /// A key as stored; `nil` when the text is not one.
    public init?(_ text: String) {
        var text = text
        guard text.withUTF8({ Self.isValid($0) }) else { return nil }
        self.text = text
    }

    /// A key straight from a document's bytes, read for every project of a store: checked without
    /// making anything but the key itself.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.isValid(bytes) else { return nil }
        text = String(decoding: bytes, as: UTF8.self)
    }

    private init(bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { text }

    /// As bytes: the keys of a whole store are compared on every read.
    public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let common = min(leftBytes.count, rightBytes.count)
                let order = common == 0 ? 0 : memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, common)
                return order != 0 ? order < 0 : leftBytes.count < rightBytes.count
            }
        }
    }

    /// The key of the first project of an empty list.
    public static let first = OrderKey(bytes: [UInt8(ascii: "a"), digits[0]])

    /// A key after `lower` and before `upper`; `nil` stands for the end of the list on that side.
    /// `lower` must sort before `upper`.
    public static func between(_ lower: OrderKey?, _ upper: OrderKey?) -> OrderKey {
        switch (lower, upper) {
        case (nil, nil):
            return first
        case (let lower?, nil):
            return OrderKey(bytes: increment(whole(of: lower)))
        case (nil, let upper?):
            let (head, fraction) = parts(of: upper)
            return OrderKey(bytes: fraction.isEmpty ? decrement(head) : head)
        case (let lower?, let upper?):
            precondition(lower < upper, "order keys out of order: \(lower) is not before \(upper)")
            let (lowerWhole, lowerFraction) = parts(of: lower)
            let (upperWhole, upperFraction) = parts(of: upper)
            if lowerWhole != upperWhole {
                let next = increment(lowerWhole)
                if next.lexicographicallyPrecedes(Array(upper.text.utf8)) { return OrderKey(bytes: next) }
                return OrderKey(bytes: lowerWhole + midpoint(lowerFraction, nil))
            }
            return OrderKey(bytes: lowerWhole + midpoint(lowerFraction, upperFraction))
        }
    }

    /// `count` keys in order after `lower`, for projects added together.
    public static func sequence(after lower: OrderKey?, count: Int) -> [OrderKey] {
        var keys: [OrderKey] = []
        keys.reserveCapacity(count)
        var last = lower
        for _ in 0..<count {
            let key = between(last, nil)
            keys.append(key)
            last = key
        }
        return keys
    }

    // MARK: Digits

    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let base = 62

    private static func value(of digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(digit - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(digit - UInt8(ascii: "a")) + 36
        default: nil
        }
    }

    /// How many digits the whole part headed by `head` has: `a`…`z` 1…26, `Z`…`A` 1…26.
    private static func wholeLength(head: UInt8) -> Int? {
        switch head {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(head - UInt8(ascii: "a")) + 1
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(UInt8(ascii: "Z") - head) + 1
        default: nil
        }
    }

    private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let head = bytes.first, let length = wholeLength(head: head), bytes.count > length else { return false }
        for index in 1..<bytes.count where value(of: bytes[index]) == nil { return false }
        // A fraction never ends in zero: every key has one spelling.
        return bytes.count == length + 1 || bytes[bytes.count - 1] != digits[0]
    }

    private static func parts(of key: OrderKey) -> (whole: [UInt8], fraction: [UInt8]) {
        let bytes = Array(key.text.utf8)
        let length = wholeLength(head: bytes[0])! + 1
        return (Array(bytes[..<length]), Array(bytes[length...]))
    }

    private static func whole(of key: OrderKey) -> [UInt8] { parts(of: key).whole }

    /// The next whole part: the digits plus one, or the smallest whole part of the next head.
    private static func increment(_ whole: [UInt8]) -> [UInt8] {
        var result = whole
        var index = result.count - 1
        while index > 0 {
            let digit = value(of: result[index])!
            if digit < base - 1 {
                result[index] = digits[digit + 1]
                return result
            }
            result[index] = digits[0]
            index -= 1
        }
        // Every digit was the largest: the next head, whose whole parts all sort after these.
        let head = whole[0] == UInt8(ascii: "Z") ? UInt8(ascii: "a") : whole[0] + 1
        precondition(head <= UInt8(ascii: "z"), "order keys exhausted")
        return [head] + Array(repeating: digits[0], count: wholeLength(head: head)!)
    }

    /// The previous whole part: the digits minus one, or the largest whole part of the head before.
    private static func decrement(_ whole: [UInt8]) -> [UInt8] {
        var result = whole
        var index = result.count - 1
        while index > 0 {
            let digit = value(of: result[index])!
            if digit > 0 {
                result[index] = digits[digit - 1]
                return result
            }
            result[index] = digits[base - 1]
            index -= 1
        }
        let head = whole[0] == UInt8(ascii: "a") ? UInt8(ascii: "Z") : whole[0] - 1
        precondition(head >= UInt8(ascii: "A"), "order keys exhausted")
        return [head] + Array(repeating: digits[base - 1], count: wholeLength(head: head)!)
    }

    /// Fraction digits strictly between two fractions (`nil` above: up to the next whole part),
    /// neither ending in zero, as short as the room between them allows.
    private static func midpoint(_ lower: [UInt8], _ upper: [UInt8]?) -> [UInt8] {
        var result: [UInt8] = []
        var upper = upper
        var index = 0
        while true {
            let low = index < lower.count ? value(of: lower[index])! : 0
            let high = upper.map { index < $0.count ? value(of: $0[index])! : 0 } ?? base
            if high - low > 1 {
                result.append(digits[(low + high) / 2])
                return result
            }
            result.append(digits[low])
            // One apart: from here on anything above the lower fraction's digits is below the upper.
            if high != low { upper = nil }
            index += 1
        }
    }
}
