#pragma once

#include "core/manifest/event.h"
#include "core/message.h"

#include <QList>
#include <QMap>

#include <utility>

namespace Grex {

// A registered pack as the fold of the intent log says it is (docs/design.md, "Intent log").
struct PackState
{
    QString id;
    QString url;
    QString path;
    QString type;
    std::optional<QString> ref;
    std::optional<qint64> depth; // git clone --depth, kept by later fetches
    QString cloneFilter;         // git clone --filter
    bool submodules = true;      // false: grex add --no-submodules
    QStringList tags;            // given with add or grex tag, sorted
    std::optional<QString> lastSyncSha;
    Timestamp addedAt;
    Timestamp updatedAt;

    friend bool operator==(const PackState &a, const PackState &b) = default;
};

// Applies events one at a time; fold() is Folder over a whole list. Deterministic, total, O(N).
class Folder
{
public:
    void apply(const Event &event);

    const QMap<QString, PackState> &packs() const { return m_packs; }
    const QList<Message> &warnings() const { return m_warnings; }

private:
    QMap<QString, PackState> m_packs;
    QList<Message> m_warnings;
};

struct FoldResult
{
    QMap<QString, PackState> packs;
    QList<Message> warnings; // duplicate add, update/sync/rm of a pack that is not live
};

FoldResult fold(const QList<Event> &events);
// The task_* events of the tasks still live (started and not ended), gathered an event at a
// time and given back in their order: what compaction keeps of tasks (docs/design.md, "Tasks").
class LiveTasks
{
public:
    void apply(const Event &event);
    QList<Event> events() const;

private:
    // A name's events since its last start, each with its place in the log; an end drops them.
    QMap<QString, QList<std::pair<qint64, Event>>> m_byTask;
    qint64 m_seen = 0;
};
// The action_started events not followed by an action_completed or action_halted of the same
// pack and action, gathered an event at a time: what compaction keeps of actions and the
// recovery scan shows (docs/design.md, "Recovery scan").
class UnfinishedActions
{
public:
    void apply(const Event &event);
    // By time; those that started at once in the order of their pack and action.
    QList<Event> events() const;

private:
    QMap<std::pair<QString, qint64>, Event> m_open; // (pack, action index) -> its start
};
// Whether two event lists fold to the same packs but for updated_at: what compaction keeps
// (docs/design.md, "Compaction").
bool foldsAlike(const QList<Event> &a, const QList<Event> &b);
// The same, for two folds already made.
bool packsAlike(const QMap<QString, PackState> &a, const QMap<QString, PackState> &b);
// A digest of what packsAlike compares of one pack, its id too: a fold is checked against an
// earlier one's digests without holding both (compaction's check, docs/performance.md).
QByteArray packDigest(const PackState &pack);

// Live packs ordered byte-wise by id (the order of the lockfile, compaction and `ls`).
QList<PackState> packsInIdOrder(const QMap<QString, PackState> &packs);

// Byte-wise comparison of the UTF-8 forms (QString's operator< compares UTF-16 units).
bool utf8Less(const QString &a, const QString &b);

} // namespace Grex
