#pragma once

#include "core/json.h"
#include "core/result.h"
#include "core/timestamp.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace Grex {

// One intent-log line (docs/design.md, "Intent log" and "Audit events").
enum class EventOp {
    Add,
    Update,
    Tag,
    Rm,
    Sync,
    ActionStarted,
    ActionCompleted,
    ActionHalted,
    Approved,
    Denied,  // a destructive verb someone (or no one) refused
    Granted, // a person let one client run a tool for the rest of its session
    Revoked, // and took that back
    // A task (docs/design.md, "Tasks"): its start, one record per pack with the worktree and
    // the commit its branch started from, each push of a pack's branch, and its end.
    TaskStarted,
    TaskPack,
    TaskPushed,
    TaskEnded,
};

QString eventOpName(EventOp op);
// Whether events of this op only record what happened (an action's run, an approval) and
// change no pack.
bool isAuditOnly(EventOp op);

// How many pack ids an approved event lists; pack_count says how many there were.
inline constexpr qsizetype kMaxApprovedPacks = 16;

// The longest line an event may occupy in grex.jsonl, without its '\n'.
inline constexpr qsizetype MaxEventLineBytes = 2048;
// A longer line is read as invalid without parsing it (no writer makes one, the original's
// longest were a few KiB): a huge line costs neither the memory nor the time of a JSON parse.
inline constexpr qsizetype MaxReadLineBytes = 64 * 1024;

// What an event carries beyond its op, time, pack and commit: most of a workspace's events are
// syncs and adds, and keeping these members apart keeps each of those small (a sync's own
// members are a quarter of the whole; docs/performance.md, "Memory per pack").
struct EventExtra
{
    std::optional<QString> ref{};
    std::optional<qint64> depth{}; // a shallow clone of this many commits (git clone --depth)
    QString cloneFilter{};         // a partial clone (git clone --filter), "" for none
    bool submodules = true;        // false: added with --no-submodules
    QStringList tags{};            // add: the pack's tags; tag: the tags it gains
    QStringList untags{};          // tag: the tags it loses

    // update: field is "url", "ref" or "path"; value nullopt means null (clears ref)
    QString field{};
    std::optional<QString> value{};

    // action_*
    qint64 actionIdx = 0;
    QString actionName{};
    QString resultSummary{};
    QString errorSummary{};

    // approved: a destructive verb someone let run (docs/design.md, "Audit events")
    QString verb{};
    QStringList packs{};  // the first kMaxApprovedPacks of them
    qint64 packCount = 0; // all of them
    QString command{};    // exec's command or run's action, shortened to fit a line
    // Who decided: "window" (a person there), "grant" (a session grant of `client`'s),
    // "client" (its person, by elicitation), "flag" (--yes, --approve-destructive), "terminal",
    // "policy" (nobody could be asked).
    QString approvedBy{};
    QString client{}; // the MCP client that asked, when one did
    QString reason{}; // denied: why; task_ended: "finished" or "abandoned"

    // task_*: the task and its branch; task_pack keeps the worktree in path (relative to the
    // folder of grex.jsonl), the base ref in ref and its commit in sha; task_pushed the commit
    // pushed in sha, to remote.
    QString task{};
    QString branch{};
    QString remote{};

    friend bool operator==(const EventExtra &a, const EventExtra &b) = default;
};

struct Event
{
    EventOp op = EventOp::Add;
    Timestamp ts{};
    QString id{}; // the pack id; the "pack" member of action_* events
    // add (task_pack keeps its worktree in path)
    QString url{};
    QString path{};
    QString type{};
    // sync; task_pack and task_pushed
    QString sha{};

    // The other members, shared by copies: an event that has none allocates none, so reading
    // them never makes them (mutableExtra does, and detaches a shared copy).
    const EventExtra &extra() const { return sharedExtra ? *sharedExtra : noExtra(); }
    EventExtra &mutableExtra();
    // Replaces them; members all at their defaults are kept as none.
    void setExtra(const EventExtra &extra);

    static Event add(const QString &id, const QString &url, const QString &path,
                     const QString &type, const std::optional<QString> &ref,
                     Timestamp ts = Timestamp::now());
    static Event update(const QString &id, const QString &field,
                        const std::optional<QString> &value, Timestamp ts = Timestamp::now());
    // The pack gains the tags `add` and loses `remove`: a change, not the whole set, so that
    // two people tagging one pack at once both keep their tag.
    static Event tag(const QString &id, const QStringList &add, const QStringList &remove,
                     Timestamp ts = Timestamp::now());
    static Event rm(const QString &id, Timestamp ts = Timestamp::now());
    static Event sync(const QString &id, const QString &sha, Timestamp ts = Timestamp::now());
    static Event actionStarted(const QString &pack, qint64 idx, const QString &name,
                               Timestamp ts = Timestamp::now());
    static Event actionCompleted(const QString &pack, qint64 idx, const QString &resultSummary,
                                 Timestamp ts = Timestamp::now());
    static Event actionHalted(const QString &pack, qint64 idx, const QString &name,
                              const QString &errorSummary, Timestamp ts = Timestamp::now());

    static Event approved(const QString &verb, const QStringList &packs, const QString &command,
                          const QString &by, const QString &client,
                          Timestamp ts = Timestamp::now());
    static Event denied(const QString &verb, const QStringList &packs, const QString &command,
                        const QString &by, const QString &client, const QString &reason,
                        Timestamp ts = Timestamp::now());
    // granted or revoked: `verb` is the tool, `client` whose grant it is.
    static Event grant(EventOp op, const QString &tool, const QString &client, const QString &by,
                       Timestamp ts = Timestamp::now());
    static Event taskStarted(const QString &task, const QString &branch,
                             Timestamp ts = Timestamp::now());
    static Event taskPack(const QString &task, const QString &pack, const QString &worktree,
                          const std::optional<QString> &base, const QString &baseSha,
                          Timestamp ts = Timestamp::now());
    static Event taskPushed(const QString &task, const QString &pack, const QString &sha,
                            const QString &remote, const QString &branch,
                            Timestamp ts = Timestamp::now());
    static Event taskEnded(const QString &task, const QString &how,
                           Timestamp ts = Timestamp::now());
    // Whether this is one of the approval records (approved, denied, granted, revoked).
    bool isDecision() const;

    // The members in catalogue order, "op" first, "schema_version" included.
    JsonObject toJson() const;
    // One line without '\n', at most MaxEventLineBytes: error_summary is cut at a UTF-8
    // boundary and marked "…[truncated]" to fit. Error: Manifest "event_too_large".
    Result<QByteArray> toLine() const;

    friend bool operator==(const Event &a, const Event &b)
    {
        return a.op == b.op && a.ts == b.ts && a.id == b.id && a.url == b.url && a.path == b.path &&
               a.type == b.type && a.sha == b.sha && a.extra() == b.extra();
    }

    static const EventExtra &noExtra();
    // Read and written through extra() and mutableExtra(); public so that Event stays an
    // aggregate its factories fill by name.
    std::shared_ptr<EventExtra> sharedExtra{};
};

// What one line of grex.jsonl turned out to be.
struct ParsedLine
{
    enum class Kind {
        Events,            // one or more events (a legacy update may carry several fields)
        UnknownOp,         // a well-formed object with an op this grex does not know
        Invalid,           // not an event: torn when last, corruption otherwise
        UnsupportedSchema, // schema_version other than "1": always an error
    };
    Kind kind = Kind::Invalid;
    QList<Event> events;
    QString detail; // why Invalid, the unknown op, or the schema_version found
};

// Parses one line (without its terminator), accepting the older member names too, so logs of
// the original still fold. A line longer than MaxReadLineBytes is Invalid.
ParsedLine parseEventLine(QByteArrayView line);

} // namespace Grex
