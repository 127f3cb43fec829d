#include "core/manifest/fold.h"

#include <QCryptographicHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

void Folder::apply(const Event &event)
{
    switch (event.op) {
    case EventOp::Add: {
        if (m_packs.contains(event.id)) {
            m_warnings.append(Message(
                QT_TRANSLATE_NOOP("Grex", "pack '%1' is added again while registered; the later "
                                          "add wins"),
                {event.id}));
        }
        PackState state;
        state.id = event.id;
        state.url = event.url;
        state.path = event.path;
        state.type = event.type;
        state.ref = event.extra().ref;
        state.depth = event.extra().depth;
        state.cloneFilter = event.extra().cloneFilter;
        state.submodules = event.extra().submodules;
        state.tags = event.extra().tags;
        state.addedAt = event.ts;
        state.updatedAt = event.ts;
        m_packs.insert(event.id, state);
        break;
    }
    case EventOp::Update: {
        auto it = m_packs.find(event.id);
        if (it == m_packs.end()) {
            m_warnings.append(Message(
                QT_TRANSLATE_NOOP("Grex", "update of pack '%1', which is not registered, ignored"),
                {event.id}));
            break;
        }
        if (event.extra().field == u"url") {
            if (event.extra().value)
                it->url = *event.extra().value;
        } else if (event.extra().field == u"path") {
            if (event.extra().value)
                it->path = *event.extra().value;
        } else if (event.extra().field == u"ref") {
            it->ref = event.extra().value;

        } else {
            m_warnings.append(Message(
                QT_TRANSLATE_NOOP("Grex", "update of unknown field '%1' of pack '%2' ignored"),
                {event.extra().field, event.id}));
        }
        it->updatedAt = event.ts;
        break;
    }
    case EventOp::Tag: {
        auto it = m_packs.find(event.id);
        if (it == m_packs.end()) {
            m_warnings.append(Message(
                QT_TRANSLATE_NOOP("Grex", "tags of pack '%1', which is not registered, ignored"),
                {event.id}));
            break;
        }
        for (const QString &tag : event.extra().tags) {
            if (!it->tags.contains(tag))
                it->tags.append(tag);
        }
        for (const QString &tag : event.extra().untags)
            it->tags.removeAll(tag);
        std::sort(it->tags.begin(), it->tags.end());
        it->updatedAt = event.ts;
        break;
    }
    case EventOp::Rm:
        if (m_packs.remove(event.id) == 0) {
            m_warnings.append(
                Message(QT_TRANSLATE_NOOP("Grex", "removal of pack '%1', which is not registered"),
                        {event.id}));
        }
        break;
    case EventOp::Sync: {
        // A sync is this machine's record of the past (docs/design.md, "The journal"): one of a
        // pack another machine removed since is history, not a problem.
        auto it = m_packs.find(event.id);
        if (it == m_packs.end())
            break;
        it->lastSyncSha = event.sha;
        it->updatedAt = event.ts;
        break;
    }
    default:
        Q_ASSERT(isAuditOnly(event.op)); // a record of what happened, no change to a pack
        break;
    }
}

FoldResult fold(const QList<Event> &events)
{
    Folder folder;
    for (const Event &event : events)
        folder.apply(event);
    return {folder.packs(), folder.warnings()};
}

bool utf8Less(const QString &a, const QString &b)
{
    // UTF-8 bytes sort in code point order. UTF-16 units sort the same way except where a
    // surrogate meets a unit at U+E000 or above: ranking those fixes it up, with no conversion.
    const auto rank = [](char16_t unit) -> int {
        if (unit >= 0xE000)
            return unit - 0x800;
        return unit >= 0xD800 ? unit + 0x2000 : unit;
    };
    const qsizetype common = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < common; ++i) {
        const char16_t x = a.at(i).unicode();
        const char16_t y = b.at(i).unicode();
        if (x != y)
            return rank(x) < rank(y);
    }
    return a.size() < b.size();
}

QList<PackState> packsInIdOrder(const QMap<QString, PackState> &packs)
{
    QList<PackState> list = packs.values();
    std::sort(list.begin(), list.end(),
              [](const PackState &a, const PackState &b) { return utf8Less(a.id, b.id); });
    return list;
}

void LiveTasks::apply(const Event &event)
{
    const qint64 place = m_seen++;
    if (event.op == EventOp::TaskStarted) {
        m_byTask.insert(event.extra().task, {{place, event}});
    } else if (event.op == EventOp::TaskEnded) {
        m_byTask.remove(event.extra().task);
    } else if (event.op == EventOp::TaskPack || event.op == EventOp::TaskPushed) {
        if (const auto it = m_byTask.find(event.extra().task); it != m_byTask.end())
            it->append({place, event});
    }
}

QList<Event> LiveTasks::events() const
{
    QList<std::pair<qint64, Event>> placed;
    for (const auto &events : m_byTask)
        placed.append(events);
    std::sort(placed.begin(), placed.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<Event> events;
    events.reserve(placed.size());
    for (auto &[place, event] : placed)
        events.append(std::move(event));
    return events;
}

void UnfinishedActions::apply(const Event &event)
{
    const std::pair key{event.id, event.extra().actionIdx};
    if (event.op == EventOp::ActionStarted)
        m_open.insert(key, event);
    else if (event.op == EventOp::ActionCompleted || event.op == EventOp::ActionHalted)
        m_open.remove(key);
}

QList<Event> UnfinishedActions::events() const
{
    QList<Event> starts = m_open.values();
    std::stable_sort(starts.begin(), starts.end(),
                     [](const Event &a, const Event &b) { return a.ts < b.ts; });
    return starts;
}

bool foldsAlike(const QList<Event> &a, const QList<Event> &b)
{
    return packsAlike(fold(a).packs, fold(b).packs);
}

bool packsAlike(const QMap<QString, PackState> &a, const QMap<QString, PackState> &b)
{
    // Compared a pack at a time: setting updated_at aside in copies of the maps copied both
    // folds whole (docs/performance.md).
    if (a.size() != b.size())
        return false;
    for (auto x = a.cbegin(), y = b.cbegin(); x != a.cend(); ++x, ++y) {
        PackState pack = *x;
        pack.updatedAt = y->updatedAt;
        if (x.key() != y.key() || !(pack == *y))
            return false;
    }
    return true;
}

QByteArray packDigest(const PackState &pack)
{
    // packsAlike compares every field but updated_at through operator==: a field added to
    // PackState goes into the digest too, or compaction's check would not see it lost.
    static_assert(sizeof(void *) != 8 || sizeof(PackState) == 264,
                  "PackState changed: add the new field to packDigest");
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // Each value behind its length, so that no two packs give the same bytes.
    const auto add = [&hash](QByteArrayView bytes) {
        hash.addData(QByteArray(QByteArray::number(bytes.size()) + ':'));
        hash.addData(bytes);
    };
    const auto addText = [&add](const QString &text) { add(text.toUtf8()); };
    const auto addOptional = [&add, &addText](const std::optional<QString> &text) {
        add(text ? "1" : "0");
        if (text)
            addText(*text);
    };
    addText(pack.id);
    addText(pack.url);
    addText(pack.path);
    addText(pack.type);
    addOptional(pack.ref);
    add(pack.depth ? QByteArray::number(*pack.depth) : QByteArray("-"));
    addText(pack.cloneFilter);
    add(pack.submodules ? "1" : "0");
    add(QByteArray::number(pack.tags.size()));
    for (const QString &tag : pack.tags)
        addText(tag);
    addOptional(pack.lastSyncSha);
    add(pack.addedAt.isValid() ? QByteArray::number(pack.addedAt.unixNanos()) : QByteArray("-"));
    return hash.result();
}

} // namespace Grex
