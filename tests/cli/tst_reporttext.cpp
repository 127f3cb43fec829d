#include "core/error.h"
#include "core/i18n.h"
#include "core/message.h"
#include "text/reporttext.h"
#include "core/verbs/verbregistry.h"

#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Grex;

// The text library (src/text): the one rendering of every verb's report and failure that
// the CLI prints and the window shows.
class tst_ReportText : public QObject
{
    Q_OBJECT

    static JsonObject syncReport(const JsonArray &packs, const JsonValue &halted = {})
    {
        return JsonObject{{u"verb"_s, u"sync"_s},
                          {u"dry_run"_s, false},
                          {u"steps"_s, JsonArray{}},
                          {u"halted"_s, halted},
                          {u"event_log_warnings"_s, JsonArray{}},
                          {u"summary"_s, JsonObject{{u"total_steps"_s, qint64(0)}}},
                          {u"packs"_s, packs}};
    }

    static QList<Text::Style> styles(const Text::Line &line)
    {
        QList<Text::Style> found;
        for (const Text::Span &span : line.spans)
            found.append(span.style);
        return found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        installTranslators(u"en"_s); // plurals come from grex_en.qm, as in grex and grex-gui
    }

    void everyVerbHasItsText()
    {
        QVERIFY(verbRegistry().size() >= 11);
        for (const VerbSpec &verb : verbRegistry())
            QVERIFY2(Text::hasReportText(verb.name), qPrintable(verb.name));
        QVERIFY(!Text::hasReportText(u"serve"_s));
    }

    void statusIsATableWithStyledStates()
    {
        const JsonArray packs{JsonObject{{u"id"_s, u"a"_s},
                                         {u"type"_s, u"declarative"_s},
                                         {u"branch"_s, u"main"_s},
                                         {u"sha"_s, u"1234567890abcdef"_s},
                                         {u"drift"_s, u"clean"_s}},
                              JsonObject{{u"id"_s, u"b"_s},
                                         {u"parents"_s, JsonArray{u"a"_s}},
                                         {u"type"_s, JsonValue()},
                                         {u"branch"_s, JsonValue()},
                                         {u"sha"_s, JsonValue()},
                                         {u"drift"_s, u"missing"_s}}};
        const Text::Lines lines = Text::reportLines(u"status"_s, JsonValue(packs));
        // One line per pack, the state in symbols; the type only in the long form.
        QCOMPARE(Text::plainText(lines), u"PACK  BRANCH  SHA      STATE\n"
                                         "a     main    1234567  ok\n"
                                         "  b   -       -        missing\n"
                                         "2 packs: 1 missing, 1 clean\n"_s);
        QVERIFY(styles(lines.at(0)).contains(Text::Style::Bold)); // the header
        QVERIFY(styles(lines.at(1)).contains(Text::Style::Green));
        QVERIFY(styles(lines.at(1)).contains(Text::Style::Dim)); // the SHA
        QVERIFY(styles(lines.at(2)).contains(Text::Style::Red));
        for (const Text::Line &line : lines)
            QCOMPARE(line.channel, Text::Channel::Out);

        JsonArray longPacks;
        for (const JsonValue &p : packs) {
            JsonObject o = p.toObject();
            o.insert(u"lock_holder"_s, JsonValue());
            longPacks.append(o);
        }
        QCOMPARE(Text::plainText(Text::reportLines(u"status"_s, JsonValue(longPacks))),
                 u"PACK  TYPE         BRANCH  SHA      STATE                                       "
                 "INSTALLED_AT  LOCK\n"
                 "a     declarative  main    1234567  clean                                       -"
                 "             -\n"
                 "  b   -            -       -        missing: not on disk (grex sync clones it)  -"
                 "             -\n"
                 "2 packs: 1 missing, 1 clean\n"_s);
    }

    // The short state says ahead, behind, diverged, changed, staged and untracked in symbols, as
    // git status -sb and gita do, and the rest in a word.
    void statusSymbols()
    {
        const auto state = [](JsonObject pack, bool unicode) {
            pack.insert(u"id"_s, u"a"_s);
            pack.insert(u"branch"_s, u"main"_s);
            pack.insert(u"sha"_s, u"1234567890"_s);
            Text::Options options;
            options.unicode = unicode;
            const Text::Lines lines =
                Text::reportLines(u"status"_s, JsonValue(JsonArray{pack}), options);
            return lines.at(1).text().section(u"1234567"_s, 1).trimmed();
        };
        QCOMPARE(state({{u"drifts"_s, JsonArray{u"diverged"_s, u"untracked_files"_s}},
                        {u"ahead"_s, qint64(2)},
                        {u"behind"_s, qint64(3)},
                        {u"untracked_files"_s, qint64(4)}},
                       true),
                 u"↑2↓3 diverged ?4"_s);
        QCOMPARE(state({{u"drifts"_s, JsonArray{u"dirty"_s, u"behind"_s}},
                        {u"behind"_s, qint64(1)},
                        {u"changed_files"_s, qint64(3)},
                        {u"staged_files"_s, qint64(1)}},
                       false),
                 u"v1 *2 +1"_s);
        QCOMPARE(state({{u"drifts"_s, JsonArray{u"off_branch"_s}},
                        {u"branch"_s, u"topic"_s},
                        {u"expected_branch"_s, u"main"_s}},
                       false),
                 u"not on main"_s);
        QCOMPARE(state({{u"drifts"_s, JsonArray{u"clean"_s}}}, true), u"✓"_s);
    }

    void styledArgumentsKeepTheirPlace()
    {
        const QList<Text::Span> spans =
            Text::arg(u"%2 before %1, 100%"_s, {{u"x"_s, Text::Style::Bold}, {u"y"_s}});
        QCOMPARE(spans.size(), 4);
        QCOMPARE(spans.at(0).text, u"y"_s);
        QCOMPARE(spans.at(1).text, u" before "_s);
        QCOMPARE(spans.at(2).text, u"x"_s);
        QCOMPARE(spans.at(2).style, Text::Style::Bold);
        QCOMPARE(spans.at(3).text, u", 100%"_s);
    }

    void lsSaysWhyItIsEmpty()
    {
        Text::Options options;
        QCOMPARE(Text::plainText(Text::reportLines(u"ls"_s, JsonValue(JsonArray{}), options)),
                 u"No packs registered. Add one with: grex add <url>\n"_s);
        options.arguments.insert(u"filter"_s, u"name=zzz"_s);
        QCOMPARE(Text::plainText(Text::reportLines(u"ls"_s, JsonValue(JsonArray{}), options)),
                 u"No registered pack matches.\n"_s);
    }

    void stepLines()
    {
        const JsonObject step{
            {u"pack"_s, u"a"_s},
            {u"action"_s, u"mkdir"_s},
            {u"idx"_s, qint64(0)},
            {u"result"_s, u"performed_change"_s},
            {u"details"_s, JsonObject{{u"path"_s, u"/x"_s}, {u"actions_hash"_s, u"abc"_s}}}};
        QCOMPARE(Text::stepLine(step), u"[ok] pack=a action=mkdir idx=0"_s);
        Text::Options options;
        options.stepDetails = true;
        QCOMPARE(Text::stepLine(step, options),
                 u"[ok] pack=a action=mkdir idx=0  {\"path\":\"/x\"}"_s);
        // A dry run's report lists the steps for a reader who did not see them stream by.
        JsonObject report = syncReport({});
        report.insert(u"steps"_s, JsonArray{step});
        options.listSteps = true;
        const Text::Lines lines = Text::reportLines(u"sync"_s, JsonValue(report), options);
        QCOMPARE(lines.constFirst().text(), Text::stepLine(step, options));
        QVERIFY(!Text::reportLines(u"sync"_s, JsonValue(report))
                     .constFirst()
                     .text()
                     .startsWith(u"[ok]"_s));
    }

    void aHaltedRunSaysWhereOnStderr()
    {
        const JsonObject halted{{u"pack"_s, u"a"_s},
                                {u"action"_s, u"exec"_s},
                                {u"idx"_s, qint64(2)},
                                {u"error"_s, u"boom"_s},
                                {u"recovery_hint"_s, JsonValue()}};
        const JsonArray packs{
            JsonObject{{u"id"_s, u"a"_s}, {u"result"_s, u"err"_s}, {u"outcome"_s, u"failed"_s}}};
        Error error(ErrorKind::PackOp, u"halted"_s, Message("%1", {u"halted"_s}));
        error.withDetail(u"report"_s, syncReport(packs, halted));
        const Text::Failure failure = Text::failureLines(u"sync"_s, error);
        QVERIFY(!failure.showsError); // the halt names the error itself
        QCOMPARE(failure.lines.size(), 4);
        QCOMPARE(failure.lines.at(0).channel, Text::Channel::Out);
        QCOMPARE(failure.lines.at(0).text(), u"sync: 1 failed"_s);
        QCOMPARE(failure.lines.at(1).text(), u"  a: failed at action #2 (exec)"_s);
        QCOMPARE(failure.lines.at(2).text(), u"sync halted at pack `a` action #2 (exec):"_s);
        QCOMPARE(failure.lines.at(2).channel, Text::Channel::Err);
        QCOMPARE(failure.lines.at(3).text(), u"  error: boom"_s);

        Error cancelled(ErrorKind::Cancelled, u"cancelled"_s, Message("%1", {u"stop"_s}));
        cancelled.withDetail(u"report"_s, syncReport(packs, halted));
        const Text::Failure stopped = Text::failureLines(u"sync"_s, cancelled);
        QVERIFY(stopped.showsError);
        QCOMPARE(stopped.lines.size(), 2); // the summary; the error line follows
    }

    void aFailureShowsItsReportOnlyInTheVerbsShape()
    {
        Error drift(ErrorKind::Drift, u"drift"_s, Message("%1", {u"drifted"_s}));
        drift.withDetail(u"report"_s, JsonArray{});
        QCOMPARE(Text::failureLines(u"status"_s, drift).lines.size(), 1); // "No packs to show."
        Error other(ErrorKind::Drift, u"drift"_s, Message("%1", {u"drifted"_s}));
        other.withDetail(u"report"_s, JsonObject{});
        QVERIFY(Text::failureLines(u"status"_s, other).lines.isEmpty());
        QVERIFY(Text::failureLines(u"status"_s, other).showsError);

        const Error usage = Error(ErrorKind::Usage, u"x"_s, Message("%1", {u"bad"_s}))
                                .withHint(Message("%1", {u"try this"_s}));
        const Text::Lines lines = Text::errorLines(usage);
        QCOMPARE(Text::plainText(lines), u"error: bad\n  hint: try this\n"_s);
        QCOMPARE(lines.constFirst().spans.constFirst().style, Text::Style::BoldRed);
    }

    void notesReadInTheReadersLanguage()
    {
        // The note travels through the JSON document in English, as agents read it.
        const Message note(QT_TRANSLATE_NOOP("Grex", "HEAD is detached at %1; not moved"),
                           {u"abc1234"_s});
        const JsonArray packs{JsonObject{{u"id"_s, u"a"_s},
                                         {u"result"_s, u"ok"_s},
                                         {u"fetch"_s, u"left_alone"_s},
                                         {u"outcome"_s, u"needs_you"_s},
                                         {u"left_alone"_s, u"detached"_s},
                                         {u"fetch_note"_s, note.text()}}};
        const JsonValue report(syncReport(packs));
        QVERIFY(Text::plainText(Text::reportLines(u"sync"_s, report))
                    .contains(u"a: needs you (detached HEAD): HEAD is detached at abc1234; not "
                              "moved\n"_s));

        QTranslator german;
        QVERIFY(german.load(u"grex_de"_s, u":/i18n"_s));
        QCoreApplication::installTranslator(&german);
        const QString text = Text::plainText(Text::reportLines(u"sync"_s, report));
        const QString germanNote = note.displayText();
        QCoreApplication::removeTranslator(&german);
        QCOMPARE(germanNote, u"HEAD ist bei abc1234 losgelöst; nicht bewegt"_s);
        QVERIFY2(text.contains(u"a: braucht Sie (losgelöster HEAD): "_s + germanNote),
                 qPrintable(text));
        QVERIFY2(!text.contains(u"not moved"_s), qPrintable(text));
        // A text no Message of this process made stays as it is.
        QCOMPARE(displayTextOf(u"git says: no"_s), u"git says: no"_s);
    }
};

QTEST_GUILESS_MAIN(tst_ReportText)
#include "tst_reporttext.moc"
