import Foundation
import Testing
@testable import ProjectStoreFile

@Suite("The time zone dates are shown in")
struct TimeZoneSettingTests {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    @Test("the writer's zone when its data can be read, from TZ or from the system")
    func usable() {
        let fromTZ = TimeZoneSetting(environment: ["TZ": "Europe/Paris"], current: paris) { $0 == "/usr/share/zoneinfo/Europe/Paris" }
        #expect(fromTZ.zone == paris && fromTZ.unusable == nil)
        let fromSystem = TimeZoneSetting(environment: [:], current: paris) { $0 == "/usr/share/zoneinfo/Europe/Paris" }
        #expect(fromSystem.zone == paris && fromSystem.unusable == nil)
        let fromTZDIR = TimeZoneSetting(environment: ["TZ": ":Europe/Paris", "TZDIR": "/opt/zones"], current: paris) { $0 == "/opt/zones/Europe/Paris" }
        #expect(fromTZDIR.zone == paris && fromTZDIR.unusable == nil)
        let fromFile = TimeZoneSetting(environment: ["TZ": ":/etc/zones/paris"], current: paris) { $0 == "/etc/zones/paris" }
        #expect(fromFile.zone == paris && fromFile.unusable == nil)
    }

    @Test("UTC, without a note, when the writer's zone is UTC: it needs no data")
    func universal() {
        for name in ["UTC", "Etc/UTC", "GMT"] {
            let setting = TimeZoneSetting(environment: ["TZ": name], current: paris) { _ in false }
            #expect(setting.zone.secondsFromGMT(for: Date()) == 0 && setting.unusable == nil, "\(name)")
        }
        let system = TimeZoneSetting(environment: [:], current: TimeZone(identifier: "Etc/UTC")!) { _ in false }
        #expect(system.unusable == nil)
    }

    @Test("UTC, naming the zone that could not be used, when its data is missing or the name is unknown")
    func unusable() {
        let missing = TimeZoneSetting(environment: ["TZ": "Europe/Paris"], current: paris) { _ in false }
        #expect(missing.zone.secondsFromGMT(for: Date()) == 0 && missing.unusable == "Europe/Paris")
        let unknown = TimeZoneSetting(environment: ["TZ": "Nowhere/City"], current: TimeZone(identifier: "Etc/UTC")!) { _ in false }
        #expect(unknown.unusable == "Nowhere/City")
        let system = TimeZoneSetting(environment: ["TZ": ""], current: paris) { _ in false }
        #expect(system.unusable == "Europe/Paris")
    }
}
