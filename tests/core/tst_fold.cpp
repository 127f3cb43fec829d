#include "core/manifest/intentlog.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

Timestamp ts(qint64 s)
{
    return Timestamp::fromUnixNanos(s * 1'000'000'000);
}

// A random but valid-shaped event sequence over a few ids (some events refer to dead ids).
QList<Event> randomEvents(QRandomGenerator &rng, int count)
{
    static const QStringList ids{u"a"_s, u"b"_s, u"c"_s, u"d"_s};
    QList<Event> events;
    for (int i = 0; i < count; ++i) {
        const QString id = ids.at(rng.bounded(int(ids.size())));
        const Timestamp t = ts(1776592800 + i);
        switch (rng.bounded(7)) {
        case 0:
        case 1:
            events.append(Event::add(
                id, u"https://h/"_s + id, id, u"meta"_s,
                rng.bounded(2) ? std::optional<QString>(u"r%1"_s.arg(i)) : std::nullopt, t));
            break;
        case 2: {
            static const QStringList fields{u"url"_s, u"ref"_s, u"path"_s, u"bogus"_s};
            const QString field = fields.at(rng.bounded(int(fields.size())));
            events.append(Event::update(
                id, field, rng.bounded(4) ? std::optional<QString>(u"v%1"_s.arg(i)) : std::nullopt,
                t));
            break;
        }
        case 3:
            events.append(Event::rm(id, t));
            break;
        case 4:
            events.append(Event::sync(id, QString::number(i), t));
            break;
        case 5: {
            static const QStringList tags{u"home"_s, u"work"_s, u"x"_s};
            const QString tag = tags.at(rng.bounded(int(tags.size())));
            events.append(rng.bounded(2) ? Event::tag(id, {tag}, {}, t)
                                         : Event::tag(id, {}, {tag}, t));
            break;
        }
        default:
            events.append(Event::actionStarted(id, i, u"mkdir"_s, t));
        }
    }
    return events;
}

bool equalIgnoringUpdatedAt(const QMap<QString, PackState> &a, const QMap<QString, PackState> &b)
{
    if (a.keys() != b.keys())
        return false;
    for (const PackState &p : a) {
        PackState q = b.value(p.id);
        q.updatedAt = p.updatedAt;
        if (!(q == p))
            return false;
    }
    return true;
}

} // namespace

class tst_Fold : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every event kind folds into the state; an unknown field only warns and moves updated_at.
    void basics()
    {
        const QList<Event> addRm{Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, {}, ts(1)),
                                 Event::rm(u"a"_s, ts(2))};
        QVERIFY(fold(addRm).packs.isEmpty());

        const FoldResult r = fold({Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, {}, ts(1)),
                                   Event::update(u"a"_s, u"url"_s, u"u2"_s, ts(2)),
                                   Event::update(u"a"_s, u"path"_s, u"p2"_s, ts(3)),
                                   Event::update(u"a"_s, u"ref"_s, u"v1"_s, ts(4)),
                                   Event::sync(u"a"_s, u"abc"_s, ts(5)),
                                   Event::update(u"a"_s, u"colour"_s, u"red"_s, ts(6))});
        const PackState a = r.packs.value(u"a"_s);
        QCOMPARE(a.url, u"u2"_s);
        QCOMPARE(a.path, u"p2"_s);
        QCOMPARE(a.ref, std::optional<QString>(u"v1"_s));
        QCOMPARE(a.lastSyncSha, std::optional<QString>(u"abc"_s));
        QCOMPARE(a.addedAt, ts(1));
        QCOMPARE(a.updatedAt, ts(6)); // an unknown field is ignored but still advances updated_at
        QCOMPARE(r.warnings.size(), 1);
    }

    // A tag event is a change: tags added and removed, in order, sorted, each once.
    void tagsFold()
    {
        Event added = Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, {}, ts(1));
        added.mutableExtra().tags = {u"home"_s, u"work"_s};
        const FoldResult r = fold({added, Event::tag(u"a"_s, {u"x"_s, u"home"_s}, {}, ts(2)),
                                   Event::tag(u"a"_s, {}, {u"work"_s, u"gone"_s}, ts(3)),
                                   Event::tag(u"b"_s, {u"x"_s}, {}, ts(4))});
        QCOMPARE(r.packs.value(u"a"_s).tags, (QStringList{u"home"_s, u"x"_s}));
        QCOMPARE(r.packs.value(u"a"_s).updatedAt, ts(3));
        QCOMPARE(r.warnings.size(), 1); // b is not registered
        // Compaction writes the tags into the add.
        const QList<Event> compacted = IntentLog::compacted(r.packs);
        QCOMPARE(compacted.constFirst().extra().tags, (QStringList{u"home"_s, u"x"_s}));
    }

    void updateClearsRefWithNull()
    {
        const FoldResult r = fold({Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, u"v1"_s, ts(1)),
                                   Event::update(u"a"_s, u"ref"_s, std::nullopt, ts(2))});
        QVERIFY(!r.packs.value(u"a"_s).ref.has_value());
    }

    // A sync of a pack that is gone is the journal's history, not a problem (docs/design.md, "The
    // journal").
    void unknownIdsAreNoOps()
    {
        const FoldResult r =
            fold({Event::rm(u"x"_s, ts(1)), Event::update(u"x"_s, u"url"_s, u"u"_s, ts(2)),
                  Event::sync(u"x"_s, u"s"_s, ts(3))});
        QVERIFY(r.packs.isEmpty());
        QCOMPARE(r.warnings.size(), 2);
    }

    void addRmAddResetsAddedAt()
    {
        const FoldResult r = fold({Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, {}, ts(1)),
                                   Event::sync(u"a"_s, u"s"_s, ts(2)), Event::rm(u"a"_s, ts(3)),
                                   Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, {}, ts(4))});
        QCOMPARE(r.packs.value(u"a"_s).addedAt, ts(4));
        QVERIFY(!r.packs.value(u"a"_s).lastSyncSha.has_value());
    }

    // Properties of the fold over seeded random sequences.
    void properties()
    {
        QRandomGenerator rng(42);
        QTemporaryDir dir;
        for (int round = 0; round < 200; ++round) {
            const QList<Event> events = randomEvents(rng, int(rng.bounded(1, 60)));
            const FoldResult batch = fold(events);
            QVERIFY(fold(events).packs == batch.packs); // deterministic

            Folder streamed;
            for (const Event &e : events)
                streamed.apply(e);
            QVERIFY(streamed.packs() == batch.packs);

            // persist-then-read fold equals the direct fold
            QByteArray bytes;
            for (const Event &e : events)
                bytes += e.toLine().value() + '\n';
            const Result<LogReadResult> read = IntentLog::parse(bytes);
            QVERIFY(read.ok());
            QVERIFY(fold(read->events).packs == batch.packs);

            // compaction preserves the fold (modulo updated_at) and is idempotent
            const QList<Event> compacted = IntentLog::compacted(batch.packs);
            QVERIFY(equalIgnoringUpdatedAt(fold(compacted).packs, batch.packs));
            QCOMPARE(IntentLog::compacted(fold(compacted).packs), compacted);

            // rm absorbs: anything followed by rm of every id is empty
            QList<Event> withRm = events;
            for (const QString &id : batch.packs.keys())
                withRm.append(Event::rm(id, ts(1776600000)));
            QVERIFY(fold(withRm).packs.isEmpty());

            // a repeated update is idempotent
            if (!batch.packs.isEmpty()) {
                const QString id = batch.packs.firstKey();
                QList<Event> once = events;
                once.append(Event::update(id, u"ref"_s, u"same"_s, ts(1776600001)));
                QList<Event> twice = once;
                twice.append(Event::update(id, u"ref"_s, u"same"_s, ts(1776600001)));
                QVERIFY(fold(once).packs == fold(twice).packs);
            }
        }
    }

    void idOrderIsByteWise()
    {
        QMap<QString, PackState> packs;
        for (const QString &id : {u"b"_s, u"\uFFFD"_s, u"😀"_s, u"A"_s, u"a"_s}) {
            PackState p;
            p.id = id;
            packs.insert(id, p);
        }
        QStringList order;
        for (const PackState &p : packsInIdOrder(packs))
            order.append(p.id);
        // UTF-8 bytes: U+FFFD is EF BF BD, U+1F600 is F0 9F 98 80.
        QCOMPARE(order, (QStringList{u"A"_s, u"a"_s, u"b"_s, u"\uFFFD"_s, u"😀"_s}));
    }

    void utf8LessAgreesWithUtf8Bytes()
    {
        // Code points from each range where UTF-16 and UTF-8 orders could part: ASCII, the
        // BMP below and above the surrogates, and beyond the BMP.
        static const QList<char32_t> points{u'a',   u'z',   0xE9,    0x4E2D,  0xD7FF,
                                            0xE000, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF};
        QRandomGenerator rng(7);
        QStringList words;
        for (int i = 0; i < 300; ++i) {
            QString word;
            for (int n = int(rng.bounded(4)); n >= 0; --n) {
                const char32_t point = points.at(rng.bounded(points.size()));
                word += QString::fromUcs4(&point, 1);
            }
            words.append(word);
        }
        for (const QString &a : std::as_const(words)) {
            for (const QString &b : std::as_const(words))
                QCOMPARE(utf8Less(a, b), a.toUtf8() < b.toUtf8());
        }
    }

    // Compaction checks its read-back fold against these digests: each field packsAlike
    // compares changes the digest, updated_at does not, and no two fields run together.
    void packDigestSeesWhatPacksAlikeCompares()
    {
        PackState base;
        base.id = u"a"_s;
        base.url = u"https://h/a"_s;
        base.path = u"a"_s;
        base.type = u"meta"_s;
        base.addedAt = ts(1776592800);
        base.updatedAt = base.addedAt;
        const QByteArray digest = packDigest(base);

        PackState later = base;
        later.updatedAt = ts(1776592900);
        QCOMPARE(packDigest(later), digest);

        const QList<std::pair<const char *, std::function<void(PackState &)>>> changes{
            {"id", [](PackState &p) { p.id = u"b"_s; }},
            {"url", [](PackState &p) { p.url = u"https://h/b"_s; }},
            {"path", [](PackState &p) { p.path = u"b"_s; }},
            {"type", [](PackState &p) { p.type = u"declarative"_s; }},
            {"ref set", [](PackState &p) { p.ref = u"main"_s; }},
            {"ref empty", [](PackState &p) { p.ref = QString(); }},
            {"depth", [](PackState &p) { p.depth = 1; }},
            {"clone filter", [](PackState &p) { p.cloneFilter = u"blob:none"_s; }},
            {"submodules", [](PackState &p) { p.submodules = false; }},
            {"tags", [](PackState &p) { p.tags = {u"x"_s}; }},
            {"last sync", [](PackState &p) { p.lastSyncSha = u"0123"_s; }},
            {"added at", [](PackState &p) { p.addedAt = ts(1776592801); }},
            {"text moved between fields",
             [](PackState &p) {
                 p.url = u"https://h/"_s;
                 p.path = u"aa"_s;
             }},
        };
        QSet<QByteArray> seen{digest};
        for (const auto &[what, change] : changes) {
            PackState changed = base;
            change(changed);
            const QByteArray other = packDigest(changed);
            QVERIFY2(!seen.contains(other), what);
            QVERIFY2(!packsAlike({{changed.id, changed}}, {{base.id, base}}), what);
            seen.insert(other);
        }
    }
};

QTEST_GUILESS_MAIN(tst_Fold)
#include "tst_fold.moc"
