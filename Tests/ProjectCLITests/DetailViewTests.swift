import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

@Suite struct DetailViewTests {
    let view: ProjectDetailView = {
        let dates = DateText(locale: posix, timeZone: utc)
        let progress = ProgressText(localizer: english, numbers: NumberText(locale: posix), dates: dates)
        return ProjectDetailView(localizer: english, dates: dates, progress: progress)
    }()
    let today = CalendarDay(year: 2026, month: 11, day: 22)!

    /// The line starting with `label`, and the column where its value starts.
    func row(_ label: String, in text: String) -> (line: Substring, valueColumn: Int)? {
        guard let line = text.lines.first(where: { $0.hasPrefix(label + " ") }) else { return nil }
        let afterLabel = line.dropFirst(label.count)
        let spaces = afterLabel.prefix { $0 == " " }.count
        return (line, cells(label) + spaces)
    }

    @Test func everyFieldIsShown() throws {
        let sample = project("My Novel", kind: .shortStory, details: "Due in March", position: 2, id: fixedID(0xabc))
        let text = view.render(sample, count: 5, folder: .none, words: nil, today: today)
        #expect(try #require(row("Name", in: text)).line.hasSuffix("My Novel"))
        #expect(try #require(row("Type", in: text)).line.hasSuffix("Short story"))
        #expect(try #require(row("Created", in: text)).line.contains("November 22, 2026"))
        #expect(try #require(row("Created", in: text)).line.contains("8:30:00"))
        #expect(try #require(row("Position", in: text)).line.hasSuffix("2 of 5 in your own order"))
        #expect(try #require(row("Details", in: text)).line.hasSuffix("Due in March"))
        #expect(try #require(row("Id", in: text)).line.hasSuffix("beef0000-0000-4000-8000-000000000abc"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func valuesStartInOneColumn() throws {
        let text = view.render(project("東京", details: "x", position: 1), count: 1, folder: .none, words: nil, today: today)
        let columns = try ["Name", "Type", "Created", "Position", "Details", "Folder", "Id"].map {
            try #require(row($0, in: text)).valueColumn
        }
        #expect(Set(columns).count == 1, "value columns: \(columns)")
        #expect(columns[0] == cells("Position") + 2)
    }

    @Test func noDetails() throws {
        let text = view.render(project("Bare", details: nil), count: 1, folder: .none, words: nil, today: today)
        #expect(try #require(row("Details", in: text)).line.hasSuffix("(none)"))
    }

    @Test func detailsWithNewlinesAreIndentedUnderTheirLabel() throws {
        let text = view.render(project("Notes", details: "First line\nSecond line\n\nFourth", position: 1), count: 1, folder: .none, words: nil, today: today)
        let lines = text.lines
        let start = try #require(lines.firstIndex { $0.hasPrefix("Details ") })
        let valueColumn = try #require(row("Details", in: text)).valueColumn
        #expect(lines[start].hasSuffix("First line"))
        let indent = String(repeating: " ", count: valueColumn)
        #expect(lines[start + 1] == indent + "Second line")
        #expect(lines[start + 2].allSatisfy { $0 == " " })
        #expect(lines[start + 3] == indent + "Fourth")
        #expect(lines[start + 4].hasPrefix("Folder "))
        #expect(lines[start + 5].hasPrefix("Id "))
    }

    @Test func controlCharactersFromTheStoreAreMadeVisible() throws {
        let sample = project(
            "Evil\u{1B}]0;title\u{7}", details: "red \u{1B}[31mtext\r\nnext\u{85}line\u{7F}", position: 1)
        let text = view.render(sample, count: 1, folder: .none, words: nil, today: today)
        #expect(!text.hasRawControl)
        #expect(text.contains("Evil^[]0;title^G"))
        #expect(text.contains("red ^[[31mtext^M"))
        #expect(text.contains("next<U+0085>line^?"))
        // The kept newline is indented like any other.
        let valueColumn = try #require(row("Details", in: text)).valueColumn
        #expect(text.contains("\n" + String(repeating: " ", count: valueColumn) + "next"))
    }

    @Test func lineSeparatorsInDetailsDoNotBreakLines() {
        let text = view.render(project("Sep", details: "a\u{2028}b", position: 1), count: 1, folder: .none, words: nil, today: today)
        #expect(text.contains("a<U+2028>b"))
        #expect(text.lines.count == 8)
    }

    // MARK: a narrow terminal

    @Test func atANarrowTerminalValuesBreakAtSpacesUnderTheirColumn() throws {
        let name = "The " + String(repeating: "Endless ", count: 30) + "Summer"
        let details = "A sequel in which Anna returns to the harbour town, 東京物語の夏休みの日記を書く, and the café\u{301} closes.\nSecond paragraph."
        let sample = project(name, details: details, position: 1)
        let wide = view.render(sample, count: 1, folder: .present("/home/anna/Writing/The Endless Summer"), words: nil, today: today)
        let text = view.render(
            sample, count: 1, folder: .present("/home/anna/Writing/The Endless Summer"), words: nil, today: today, width: 40)
        #expect(text.lines.allSatisfy { cells($0) <= 40 }, "\(text)")
        // Only spaces were added: every word of the wide view is whole in the narrow one, but for
        // one wider than the value column (the id), cut where it must be.
        let valueColumn = try #require(row("Name", in: text)).valueColumn
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        let narrowWords = words(text)
        let latinWords = words(wide).filter { !$0.unicodeScalars.contains { $0.value >= 0x3000 } }
        #expect(latinWords.filter { !narrowWords.contains($0) } == ["beef0000-0000-4000-8000-000000000001"], "\(text)")
        #expect(text.contains("beef0000-0000-4000-8000-000000\n" + String(repeating: " ", count: valueColumn) + "000001"))
        // Continued lines start in the value column.
        let start = try #require(text.lines.firstIndex { $0.hasPrefix("Name ") })
        #expect(text.lines[start + 1].hasPrefix(String(repeating: " ", count: valueColumn) + "Endless"))
        #expect(text.lines[start + 1].dropFirst(valueColumn).first != " ")
    }

    @Test func withoutAWidthNothingIsBroken() {
        let details = String(repeating: "word ", count: 60)
        let text = view.render(project("Wide", details: details, position: 1), count: 1, folder: .none, words: nil, today: today)
        #expect(text.lines.contains { $0.hasSuffix(details) })
    }
}
