#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// The time zone dates are shown in. Foundation on Linux traps when it formats a date in a zone
/// whose data it cannot load (no `/usr/share/zoneinfo`, as in a minimal container), yet still
/// reports that zone as the current one; so a zone is used only when its file can be read, and
/// otherwise dates are shown in UTC and the writer is told.
public struct TimeZoneSetting: Sendable {
    public let zone: TimeZone
    /// The zone that could not be used, as the writer named it (`TZ`) or the system did; `nil`
    /// when dates are in the writer's own zone.
    public let unusable: String?

    /// Names that mean UTC: they need no data, so they are never unusable.
    private static let universal: Set<String> = [
        "UTC", "UTC0", "UCT", "GMT", "GMT0", "Etc/UTC", "Etc/UCT", "Etc/GMT", "Etc/GMT0", "Etc/Universal", "Etc/Zulu",
        "Universal", "Zulu",
    ]
    private static let utc = TimeZone(secondsFromGMT: 0)!

    public init(
        environment: [String: String], current: TimeZone = .current,
        readable: (String) -> Bool = { access($0, R_OK) == 0 }
    ) {
        let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        // POSIX: a leading colon only says what follows is implementation-defined, here a zone file.
        let named = environment["TZ"].flatMap { $0.isEmpty ? nil : String($0.drop { $0 == ":" }) }
        let name = named ?? current.identifier
        if Self.universal.contains(name) {
            (zone, unusable) = (Self.utc, nil)
        } else if readable(name.hasPrefix("/") ? name : folder + "/" + name) {
            (zone, unusable) = (current, nil)
        } else {
            (zone, unusable) = (Self.utc, name)
        }
    }
}
