#include "core/lockfile/lockfile.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"
#include "core/json.h"
#include "core/manifest/fold.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cerrno>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

Error corruption(qsizetype line, const QString &detail)
{
    return Error(ErrorKind::Manifest, u"lockfile_corruption"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "grex.lock.jsonl is corrupt at line %1: %2"),
                         {QString::number(line), detail}))
        .withDetail(u"line"_s, qint64(line))
        .withDetail(u"detail"_s, detail);
}

// The entries as the file lists them, byte-wise by id (a QMap's order is UTF-16's), without
// copying them.
QList<const LockEntry *> inFileOrder(const LockEntries &entries)
{
    QList<const LockEntry *> sorted;
    sorted.reserve(entries.size());
    for (const LockEntry &e : entries)
        sorted.append(&e);
    std::sort(sorted.begin(), sorted.end(),
              [](const LockEntry *a, const LockEntry *b) { return utf8Less(a->id, b->id); });
    return sorted;
}

QByteArray lineOf(const LockEntry &e)
{
    const JsonObject line{{u"id"_s, e.id},
                          {u"sha"_s, e.sha},
                          {u"branch"_s, e.branch},
                          {u"installed_at"_s, e.installedAt.toString()},
                          {u"actions_hash"_s, e.actionsHash},
                          {u"schema_version"_s, e.schemaVersion}};
    return line.toJson() + '\n';
}

} // namespace

void Lockfile::forgetCachedRead() const
{
    if (m_cache)
        m_cache->clear();
}

Lockfile::Lockfile(QString path, QString manifestLockPath, std::shared_ptr<ReadCache> cache)
    : m_path(std::move(path))
    , m_lockPath(std::move(manifestLockPath))
    , m_cache(std::move(cache))
{
}

Result<LockEntries> Lockfile::read() const
{
    QFile file(m_path);
    bool missing = false;
    if (!openForReading(file, &missing)) {
        if (missing)
            return LockEntries{};
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), m_path,
                         file.error() == QFileDevice::PermissionsError ? EACCES : EIO,
                         ErrorKind::Manifest);
    }
    // Stamped before reading, as IntentLog::read does: a racing rewrite is parsed again.
    const std::optional<FileStamp> stamp = m_cache ? FileStamp::of(file.handle()) : std::nullopt;
    if (stamp) {
        if (std::optional<LockEntries> cached = m_cache->lookup(*stamp))
            return *std::move(cached);
    }
    Result<LockEntries> entries = parse(readToEnd(file));
    if (!entries)
        return std::move(entries).error().withDetail(u"path"_s, m_path);
    if (stamp && FileStamp::of(file.handle()) == stamp)
        m_cache->store(*stamp, *entries);
    return entries;
}

Result<LockEntries> Lockfile::parse(const QByteArray &bytes)
{
    LockEntries entries;
    // Most entries name one of a few branches and the one schema: the entries share those
    // strings rather than each holding a copy.
    QSet<QString> branches;
    QSet<QString> schemas;
    qsizetype lineNumber = 0;
    for (qsizetype start = 0; start < bytes.size();) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        QByteArrayView line = QByteArrayView(bytes).sliced(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        // No writer makes a longer line: it is not worth a JSON parse.
        if (line.size() > MaxReadLineBytes)
            return corruption(lineNumber,
                              u"the line is longer than %1 bytes"_s.arg(MaxReadLineBytes));
        QJsonParseError parseError{};
        const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return corruption(lineNumber, parseError.errorString());
        if (!doc.isObject())
            return corruption(lineNumber, u"not a JSON object"_s);
        const QJsonObject o = doc.object();

        LockEntry entry;
        const auto requireString = [&](const QString &key, QString &out) {
            const QJsonValue v = o.value(key);
            if (!v.isString())
                return false;
            out = v.toString();
            return true;
        };
        QString installedAt;
        if (!requireString(u"id"_s, entry.id) || entry.id.isEmpty())
            return corruption(lineNumber, u"member 'id' is missing or not a string"_s);
        if (!requireString(u"sha"_s, entry.sha))
            return corruption(lineNumber, u"member 'sha' is missing or not a string"_s);
        const QJsonValue branch = o.value(u"branch"_s);
        if (branch.isString())
            entry.branch = *branches.insert(branch.toString());
        else if (!branch.isNull() && !branch.isUndefined())
            return corruption(lineNumber, u"member 'branch' is not a string"_s);
        if (!requireString(u"installed_at"_s, installedAt))
            return corruption(lineNumber, u"member 'installed_at' is missing or not a string"_s);
        const std::optional<Timestamp> ts = Timestamp::parse(installedAt);
        if (!ts)
            return corruption(lineNumber, u"member 'installed_at' is not an RFC 3339 timestamp"_s);
        entry.installedAt = *ts;
        if (!requireString(u"actions_hash"_s, entry.actionsHash))
            return corruption(lineNumber, u"member 'actions_hash' is missing or not a string"_s);
        // Every leading "sha256:" goes: one left in the value would be stripped by the next
        // read of what serialize() wrote, so a rewrite would change the entry.
        qsizetype prefix = 0;
        while (QStringView(entry.actionsHash).sliced(prefix).startsWith(u"sha256:"))
            prefix += 7;
        entry.actionsHash.remove(0, prefix);
        const QJsonValue schema = o.value(u"schema_version"_s);
        if (schema.isString())
            entry.schemaVersion = *schemas.insert(schema.toString());
        entries.insert(entry.id, entry);
    }
    return entries;
}

QByteArray Lockfile::serialize(const LockEntries &entries)
{
    QByteArray bytes;
    for (const LockEntry *e : inFileOrder(entries))
        bytes += lineOf(*e);
    return bytes;
}

Result<void> Lockfile::write(const LockEntries &entries) const
{
    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock)
        return lock.error();
    // A line at a time: at 10 000 packs the whole file (2.3 MB) would be held beside the graph
    // the sync still holds, at the top of its resident set.
    AtomicFile file(m_path);
    if (Result<void> opened = file.open(); !opened)
        return opened;
    for (const LockEntry *e : inFileOrder(entries))
        file.write(lineOf(*e));
    return file.commit();
}

} // namespace Grex
