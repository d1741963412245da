import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

@Suite struct ListViewTests {
    let view = ProjectListView(localizer: english, dates: DateText(locale: posix, timeZone: utc))

    let mixed = [
        project("東京 Stories", kind: .novel, position: 1),
        project("A", kind: .shortStory, position: 2),
        project("📚 Library notes", kind: .poetry, position: 3),
        project("Cafe\u{301} au lait", kind: .script, position: 4),
        project("한국어 시", kind: .blank, position: 5),
        project("Plain ASCII name", kind: .novel, position: 6),
    ]

    func kindName(_ kind: ProjectKind) -> String { english.text(kind.nameKey) }

    @Test func oneLinePerProject() {
        let text = String(decoding: view.render(mixed, positions: false), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.lines.dropLast()
        #expect(lines.count == mixed.count)
        for (line, project) in zip(lines, mixed) {
            #expect(line.hasPrefix(project.name))
            #expect(line.contains(kindName(project.kind)))
            #expect(line.hasSuffix("Nov 22, 2026"))
        }
    }

    @Test func kindColumnAlignedByDisplayWidth() throws {
        let text = String(decoding: view.render(mixed, positions: false), as: UTF8.self)
        let lines = text.lines.dropLast()
        var columns: [Int] = []
        for (line, project) in zip(lines, mixed) {
            columns.append(try #require(column(of: "  " + kindName(project.kind), in: line)) + 2)
        }
        #expect(Set(columns).count == 1, "kind columns: \(columns)")
        // The widest name is followed by exactly two spaces.
        let widest = mixed.map { cells($0.name) }.max()!
        #expect(columns.first == widest + 2)
    }

    @Test func dateColumnAlignedByDisplayWidth() throws {
        let text = String(decoding: view.render(mixed, positions: true), as: UTF8.self)
        let lines = text.lines.dropLast()
        let columns = try lines.map { try #require(column(of: "Nov 22, 2026", in: $0)) }
        #expect(Set(columns).count == 1, "date columns: \(columns)")
    }

    @Test func positionsRightAligned() {
        let many = (1...12).map { project("Project \($0)", position: $0) }
        let lines = String(decoding: view.render(many, positions: true), as: UTF8.self).lines.dropLast()
        #expect(lines.count == 12)
        #expect(lines[0].hasPrefix(" 1  Project 1 "))
        #expect(lines[8].hasPrefix(" 9  Project 9 "))
        #expect(lines[9].hasPrefix("10  Project 10"))
        #expect(lines[11].hasPrefix("12  Project 12"))
    }

    @Test func positionsAreTheProjectsOwn() {
        // A filtered list keeps each project's place in the writer's order.
        let some = [project("Second", position: 2), project("Tenth", position: 10)]
        let lines = String(decoding: view.render(some, positions: true), as: UTF8.self).lines.dropLast()
        #expect(lines[0].hasPrefix(" 2  Second"))
        #expect(lines[1].hasPrefix("10  Tenth"))
    }

    @Test func noPositionsUnlessAsked() {
        let lines = String(decoding: view.render(mixed, positions: false), as: UTF8.self).lines.dropLast()
        #expect(lines.allSatisfy { !($0.first?.isNumber ?? false) })
        #expect(lines[0].hasPrefix("東京 Stories"))
    }

    @Test func controlCharactersInNamesAreMadeVisible() throws {
        let projects = [project("Bad\u{1B}[2JName", position: 1), project("Tab\tbed\u{85}", position: 2)]
        let text = String(decoding: view.render(projects, positions: true), as: UTF8.self)
        #expect(!text.hasRawControl)
        #expect(text.contains("Bad^[[2JName"))
        #expect(text.contains("Tab^Ibed<U+0085>"))
        // Alignment is computed on the visible form.
        let lines = text.lines.dropLast()
        let columns = try lines.map { try #require(column(of: "Blank", in: $0)) }
        #expect(Set(columns).count == 1)
    }

    @Test func datesInTheGivenTimeZone() {
        let late = project("Late", created: Date(timeIntervalSince1970: 1_795_391_999), id: fixedID(1)) // 2026-11-22T23:59:59Z
        let utcView = ProjectListView(localizer: english, dates: DateText(locale: posix, timeZone: utc))
        #expect(String(decoding: utcView.render([late], positions: false), as: UTF8.self).contains("Nov 22, 2026"))
        let tokyo = ProjectListView(
            localizer: english, dates: DateText(locale: posix, timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        #expect(String(decoding: tokyo.render([late], positions: false), as: UTF8.self).contains("Nov 23, 2026"))
    }

    @Test func emptyListRendersNothing() {
        #expect(String(decoding: view.render([], positions: true), as: UTF8.self) == "")
    }

    // MARK: fitting a terminal

    let longName = "The " + String(repeating: "Endless ", count: 31) + "Summer"  // 258 characters

    @Test func aLongNameDoesNotWidenEveryLineOfAPipe() {
        // Without a width (a pipe, a file), nothing is cut: scripts read whole names.
        let projects = [project(String(longName.prefix(255)), position: 1), project("Short", position: 2)]
        let text = String(decoding: view.render(projects, positions: true), as: UTF8.self)
        #expect(text.contains(String(longName.prefix(255)) + "  "))
        #expect(!text.contains("…"))
    }

    @Test func linesFitTheTerminalWithTheLongNameShortened() throws {
        let name = String(longName.prefix(255))
        let projects = [project("Short", kind: .novel, position: 1), project(name, position: 2), project("東京物語の夏休みの日記", position: 3)]
        for width in [50, 60, 80, 100] {
            let text = String(decoding: view.render(projects, positions: true, width: width), as: UTF8.self)
            let lines = text.lines.dropLast()
            #expect(lines.count == 3)
            #expect(lines.allSatisfy { cells($0) <= width }, "\(width):\n\(text)")
            #expect(lines[0].hasPrefix("1  Short  "), "short names stay whole")
            #expect(lines[1].contains("…"), "the long name is shortened")
            #expect(lines[1].hasPrefix("2  The Endless "))
            // The other columns are whole and still in one column.
            let kindColumns = try lines.map { try #require(column(of: "Nov 22, 2026", in: $0)) }
            #expect(Set(kindColumns).count == 1)
            #expect(lines.allSatisfy { $0.hasSuffix("Nov 22, 2026") })
        }
    }

    @Test func namesThatFitAreNotShortened() {
        let text = String(decoding: view.render(mixed, positions: false, width: 80), as: UTF8.self)
        #expect(!text.contains("…"))
        #expect(text == String(decoding: view.render(mixed, positions: false), as: UTF8.self))
    }

    @Test func aTerminalTooNarrowForTheColumnsKeepsSomeOfEachName() {
        let projects = [project(String(longName.prefix(255)), position: 1)]
        let text = String(decoding: view.render(projects, positions: false, width: 10), as: UTF8.self)
        #expect(text.hasPrefix("The Endless…  "))
        #expect(cells(text.lines[0].prefix(while: { $0 != "…" })) == ProjectListView.narrowestNames - 1)
    }
}

@Suite struct DateTextTests {
    @Test func daysChangeAtLocalMidnight() {
        // Both moments fall on 2026-11-22 in UTC, but on two days in Tokyo (UTC+9).
        let dates = DateText(locale: posix, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let before = Date(timeIntervalSince1970: 1_795_359_599) // 2026-11-22T14:59:59Z = 23:59:59 in Tokyo
        let after = Date(timeIntervalSince1970: 1_795_359_601) // 2026-11-22T15:00:01Z = 00:00:01 in Tokyo
        #expect(dates.date(before) == "Nov 22, 2026")
        #expect(dates.date(after) == "Nov 23, 2026")
        // Again, in the other order, with the cache filled.
        #expect(dates.date(after) == "Nov 23, 2026")
        #expect(dates.date(before) == "Nov 22, 2026")
    }

    @Test func daysChangeAtLocalMidnightInAZoneWithoutTransitions() {
        // Etc/GMT-9 is UTC+9 with no transitions at all.
        let dates = DateText(locale: posix, timeZone: TimeZone(identifier: "Etc/GMT-9")!)
        #expect(dates.date(Date(timeIntervalSince1970: 1_795_359_599)) == "Nov 22, 2026")
        #expect(dates.date(Date(timeIntervalSince1970: 1_795_359_601)) == "Nov 23, 2026")
        #expect(dates.date(Date(timeIntervalSince1970: -9 * 3600 - 1)) == "Dec 31, 1969")
        #expect(dates.date(Date(timeIntervalSince1970: -9 * 3600)) == "Jan 1, 1970")
    }

    @Test func daysChangeAtMidnightWestOfGreenwich() {
        let dates = DateText(locale: posix, timeZone: TimeZone(identifier: "America/New_York")!)
        let evening = Date(timeIntervalSince1970: 1_795_392_000) // 2026-11-23T00:00:00Z = 19:00 on the 22nd
        let morning = Date(timeIntervalSince1970: 1_795_392_000 + 6 * 3600) // 01:00 on the 23rd
        #expect(dates.date(evening) == "Nov 22, 2026")
        #expect(dates.date(morning) == "Nov 23, 2026")
    }

    @Test func datesBefore1970() {
        let dates = DateText(locale: posix, timeZone: utc)
        #expect(dates.date(Date(timeIntervalSince1970: -1)) == "Dec 31, 1969")
        #expect(dates.date(Date(timeIntervalSince1970: -0.5)) == "Dec 31, 1969")
        #expect(dates.date(Date(timeIntervalSince1970: 0)) == "Jan 1, 1970")
        #expect(dates.date(Date(timeIntervalSince1970: -86_400)) == "Dec 31, 1969")
        #expect(dates.date(Date(timeIntervalSince1970: -86_401)) == "Dec 30, 1969")
    }

    @Test func dateAndTimeShowTheTime() {
        let dates = DateText(locale: posix, timeZone: utc)
        let text = dates.dateAndTime(moment())
        #expect(text.contains("November 22, 2026"))
        #expect(text.contains("8:30:00"))
    }
}
