import Foundation
import Testing
import ProjectStore
@testable import ProjectCLI

@Suite("Days in words: each month made once, each day its number")
struct DayTextTests {
    /// Locales with Latin, Arabic and Devanagari digits, month names that change with their
    /// number's case, another calendar for the year (Buddhist, Japanese eras) or for every field
    /// (Persian, Hebrew): each must read as ICU writes the day itself.
    static let locales = [
        "en_US", "fr_FR", "de_DE", "es_ES", "sv_SE", "ru_RU", "pl_PL", "lt_LT", "ja_JP", "zh_CN", "ko_KR",
        "ar_EG", "hi_IN", "th_TH", "fa_IR", "he_IL@calendar=hebrew", "ja_JP@calendar=japanese", "en_US_POSIX",
    ]

    @Test("every day of three years reads as ICU writes it", arguments: locales)
    func everyDayAsICUWritesIt(locale: String) {
        let days = DayText(locale: locale)
        let reference = ICUDateFormat(.mediumDate, locale: locale, timeZone: "UTC")
        let start = GregorianDays.number(year: 2023, month: 12, day: 20)
        for day in start..<start + 3 * 366 {
            let noon = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)
            #expect(days.string(day: day) == reference.string(noon), "day \(day)")
        }
    }

    @Test("days in full, for sentences, read as ICU writes them", arguments: locales)
    func everyDayInFullAsICUWritesIt(locale: String) {
        let days = DayText(locale: locale, style: .longDate)
        let reference = ICUDateFormat(.longDate, locale: locale, timeZone: "UTC")
        let start = GregorianDays.number(year: 2026, month: 12, day: 20)
        for day in start..<start + 400 {
            #expect(days.string(day: day) == reference.string(Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)), "day \(day)")
        }
    }

    /// The first of a month in a sentence, as each language writes it: CLDR's pattern gives French
    /// "1 janvier"; running text says "1er janvier". A column keeps ICU's abbreviation.
    @Test(arguments: [
        ("en_US", "January 1, 2027", "January 2, 2027", "Jan 1, 2027"),
        ("fr_FR", "1er janvier 2027", "2 janvier 2027", "1 janv. 2027"),
        ("fr_CA", "1er janvier 2027", "2 janvier 2027", "1 janv. 2027"),
        ("de_DE", "1. Januar 2027", "2. Januar 2027", "01.01.2027"),
        ("es_ES", "1 de enero de 2027", "2 de enero de 2027", "1 ene 2027"),
    ])
    func theFirstOfAMonthInFull(locale: String, first: String, second: String, column: String) {
        let full = DayText(locale: locale, style: .longDate)
        let january = GregorianDays.number(year: 2027, month: 1, day: 1)
        #expect(full.string(day: january) == first)
        #expect(full.string(day: january + 1) == second)
        #expect(DayText(locale: locale).string(day: january) == column)
        // A date and time is a date in full too: `show`, `history`, `sync` and errors say it.
        let noon = Date(timeIntervalSince1970: Double(january) * 86_400 + 43_200)
        let dateAndTime = ICUDateFormat(.longDateMediumTime, locale: locale, timeZone: "UTC").string(noon)
        #expect(dateAndTime.hasPrefix(first) || dateAndTime.contains(" " + first), "\(dateAndTime)")
    }

    @Test("days far from now, before the Gregorian calendar and near the end of year 9999, too")
    func farDays() {
        let days = DayText(locale: "en_US")
        let reference = ICUDateFormat(.mediumDate, locale: "en_US", timeZone: "UTC")
        let edges = [
            GregorianDays.number(year: 1, month: 1, day: 1), GregorianDays.number(year: 1582, month: 10, day: 4),
            GregorianDays.number(year: 1599, month: 12, day: 31), GregorianDays.number(year: 1600, month: 2, day: 29),
            GregorianDays.number(year: 1969, month: 12, day: 31), GregorianDays.number(year: 9999, month: 12, day: 31),
        ]
        for day in edges {
            #expect(days.string(day: day) == reference.string(Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)))
        }
        #expect(days.string(day: GregorianDays.number(year: 2027, month: 1, day: 12)) == "Jan 12, 2027")
    }
}
