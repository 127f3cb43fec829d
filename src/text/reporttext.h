#pragma once

#include <QMap>

#include "core/json.h"
#include "text/reportlines.h"

#include <QJsonObject>

namespace Grex {
class Error;
}

namespace Grex::Text {

// What the reader of a report can show, and what it has seen already.
struct Options
{
    bool unicode = false; // box-drawing tree lines (└─) rather than ASCII ones (`-)
    // A run report lists its steps before its summary, for a reader who did not see them stream
    // by (the window's previews); the CLI prints each step as it finishes.
    bool listSteps = false;
    // A step line ends with the step's details (the window); the terminal's step lines stay
    // greppable.
    bool stepDetails = false;
    QJsonObject arguments; // the verb's arguments: with a filter, an empty ls is "no match"
};

// A verb's report, its JSON document, in words. A verb without a text of its own (a test
// checks there is none) shows its document as indented JSON.
Lines reportLines(const QString &verb, const JsonValue &document, const Options &options = {});
bool hasReportText(const QString &verb);

// A failed verb in words: the report its error carries (details.report) when it has the shape
// of the verb's document, and where a halted run stopped.
struct Failure
{
    Lines lines;
    bool showsError = true; // the error's own lines (errorLines) follow; a halt names it itself
};
Failure failureLines(const QString &verb, const Error &error, const Options &options = {});

// "error: <message>", then "  hint: <hint>" when there is one; translated, on the Err channel.
Lines errorLines(const Error &error);

// "[ok] pack=a action=mkdir idx=0", for a hash skip "[skipped] pack=a path=a hash=…"
// (docs/design.md, "Run reports and step lines").
QString stepLine(const JsonObject &step, const Options &options = {});

// exec's output in one pack, as EventSink::packOutput gives it: "== a (exit 0) ==", then its
// stdout, then its stderr (yellow).
Lines packOutputLines(const JsonObject &output, const Options &options = {});

// One pack of a run report (sync, update, teardown) that the summary names: what happened to it
// and what to do next, in the words the terminal prints and the window's summary panel shows.
struct OutcomeItem
{
    QString pack;
    QString outcome;  // PackOutcome::outcome: failed, needs_you, cloned, updated, ...
    QString headline; // "failed (auth)", "needs you (local changes)", "updated 1a2b..3c4d"
    QString detail;   // the message or git's note; "" when the headline says it all
    QString hint;     // the next step; "" when there is none
};
// The packs of a run report in the summary's order, most urgent first: failed, needs you, then
// what moved or ran, then what did not run. Packs with nothing new are left out (counted only).
QList<OutcomeItem> outcomeItems(const JsonValue &report);

// "1a2b3c4" for a full SHA, "-" for none.
QString shortSha(const JsonValue &sha);

// Why git could not reach a remote (a failure's reason: auth, not_found, unreachable, ...), in a
// few words; "" for a reason it does not know.
QString reasonWords(const QString &reason);

// A changed file's state as Git::FileChange names it ("modified", "untracked", ...), in words;
// staged adds that it is staged.
QString fileStateWords(const QString &state, bool staged);

// A drift kind counted in a summary, in words: "3 dirty", "1 off branch".
QString driftCount(const QString &kind, int count);
// What a pack in flight is doing (EventSink::packStarted's activity), as progress says it:
// "fetching", "installing".
QString activityText(const QString &activity);
// The packs in flight by what they are doing, at most `names` of them named: "fetching a, b ·
// installing c and 3 more".
// "12 KiB", "3.4 MiB": bytes received, as the progress line shows them.
QString bytesText(qint64 bytes);

// The packs a run works on now, what each does, and the bytes its clones and fetches received:
// what the terminal's status line and the window's activity line show. Not thread-safe: the
// event sinks hold their lock around it.
class InFlight
{
public:
    void started(const QString &pack, const QString &activity);
    void received(const QString &pack, qint64 bytes);
    void finished(const QString &pack);
    // A new stage: no pack is in flight; the bytes received stay counted.
    void clearPacks();
    bool isEmpty() const { return m_activity.isEmpty(); }
    // "fetching a, b · installing c and 3 more · 3.2 MiB received"; "" when nothing is known.
    QString text(qsizetype names = 4) const;

private:
    QMap<QString, QString> m_activity;
    QMap<QString, qint64> m_bytes; // of the packs in flight
    qint64 m_finishedBytes = 0;
};
QString packsInFlightText(const QMap<QString, QString> &activityByPack, qsizetype names = 4);

} // namespace Grex::Text
