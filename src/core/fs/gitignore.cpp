#include "core/fs/gitignore.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"

#include <QFile>
#include <QHash>

#include <algorithm>
#include <cerrno>

using namespace Qt::StringLiterals;

namespace Grex::Gitignore {

namespace {

struct Line
{
    qsizetype start;     // offset of the first byte
    qsizetype end;       // offset just past the terminator (or end of file)
    QByteArrayView text; // without the terminator, in the content split
};

// The lines of content, which must outlive them. Every sync reads the workspace's .gitignore,
// which has three lines a pack: views sized once keep that from costing a copy of every line.
QList<Line> splitLines(const QByteArray &content)
{
    QList<Line> lines;
    lines.reserve(content.count('\n') + 1);
    qsizetype start = 0;
    while (start < content.size()) {
        qsizetype nl = content.indexOf('\n', start);
        qsizetype next = nl < 0 ? content.size() : nl + 1;
        qsizetype textEnd = nl < 0 ? content.size() : nl;
        if (nl >= 0 && textEnd > start && content.at(textEnd - 1) == '\r')
            --textEnd;
        lines.append({start, next, QByteArrayView(content).sliced(start, textEnd - start)});
        start = next;
    }
    return lines;
}

QByteArray openMarker(const QString &owner)
{
    return "# >>> grex:" + owner.toUtf8() + " >>>";
}

QByteArray closeMarker(const QString &owner)
{
    return "# <<< grex:" + owner.toUtf8() + " <<<";
}

struct Block
{
    qsizetype start; // first byte of the open-marker line
    qsizetype end;   // just past the close-marker line
    qsizetype firstBodyLine;
    qsizetype closeLine;
};

Error unclosedBlock(const QString &owner, qsizetype line)
{
    return Error(ErrorKind::PackOp, u"gitignore_unclosed_block"_s,
                 Message(QT_TRANSLATE_NOOP(
                             "Grex", "the .gitignore block of '%1' opened at line %2 is never closed"),
                         {owner, QString::number(line + 1)}))
        .withDetail(u"owner"_s, owner)
        .withDetail(u"line"_s, qint64(line + 1))
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "add the line '%1' after the block's patterns"),
                          {QString::fromUtf8(closeMarker(owner))}));
}

// The block of owner at the open-marker line i, up to its close marker.
Result<Block> blockAt(const QList<Line> &lines, const QString &owner, qsizetype i)
{
    const QByteArray close = closeMarker(owner);
    for (qsizetype j = i + 1; j < lines.size(); ++j) {
        if (lines.at(j).text == close)
            return Block{lines.at(i).start, lines.at(j).end, i + 1, j};
    }
    return unclosedBlock(owner, i);
}

// nullopt: no block. Error: open marker without a close marker.
Result<std::optional<Block>> locate(const QList<Line> &lines, const QString &owner)
{
    const QByteArray open = openMarker(owner);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).text != open)
            continue;
        Result<Block> block = blockAt(lines, owner, i);
        if (!block)
            return block.error();
        return std::optional<Block>(*block);
    }
    return std::optional<Block>();
}


QByteArray lineEnding(const QByteArray &content)
{
    return content.contains("\r\n") ? QByteArray("\r\n") : QByteArray("\n");
}

QByteArray render(const QString &owner, const QStringList &body, const QByteArray &eol)
{
    QByteArray out = openMarker(owner) + eol;
    for (const QString &pattern : body)
        out += pattern.toUtf8() + eol;
    out += closeMarker(owner) + eol;
    return out;
}

Result<QByteArray> readFile(const QString &file)
{
    QFile f(file);
    bool missing = false;
    if (!openForReading(f, &missing)) {
        if (missing)
            return QByteArray();
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), file,
                         f.error() == QFileDevice::PermissionsError ? EACCES : EIO);
    }
    return f.readAll();
}

// True when each block is present as render() would write it, at the first line that is its
// open marker (the one locate() finds; no body line can be a close marker, validatePattern).
bool blocksUpToDate(const QByteArray &content, const QList<std::pair<QString, QStringList>> &blocks)
{
    const QByteArray eol = lineEnding(content);
    QHash<QByteArrayView, qsizetype> firstOpen; // open-marker line -> its offset
    for (const Line &line : splitLines(content)) {
        if (line.text.startsWith("# >>> grex:") && !firstOpen.contains(line.text))
            firstOpen.insert(line.text, line.start);
    }
    for (const auto &[owner, body] : blocks) {
        if (!validateOwner(owner))
            return false; // the slow path reports it
        for (const QString &pattern : body) {
            if (!validatePattern(pattern))
                return false;
        }
        const QByteArray open = openMarker(owner);
        const auto at = firstOpen.constFind(QByteArrayView(open));
        if (at == firstOpen.constEnd() ||
            !QByteArrayView(content).sliced(*at).startsWith(render(owner, body, eol)))
            return false;
    }
    return true;
}

// Each open-marker line -> the index of its first occurrence: the block locate() finds. The
// views point into the content the lines were split from.
QHash<QByteArrayView, qsizetype> firstOpenMarkers(const QList<Line> &lines)
{
    QHash<QByteArrayView, qsizetype> firstOpen;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).text.startsWith("# >>> grex:") && !firstOpen.contains(lines.at(i).text))
            firstOpen.insert(lines.at(i).text, i);
    }
    return firstOpen;
}

// Every block upserted as upsert() one after the other would, splitting the file once: an
// import or first sync of thousands of packs must not split it once per pack. nullopt when
// blocks overlap or one is unclosed in a hand-edited file, where only the one-by-one path gives
// the same result or error.
Result<std::optional<QByteArray>> upsertAll(const QByteArray &content,
                                            const QList<std::pair<QString, QStringList>> &blocks)
{
    QStringList order; // owners in the order they first come; a later body wins, as it would
    QHash<QString, QStringList> bodies;
    for (const auto &[owner, body] : blocks) {
        if (Result<void> valid = validateOwner(owner); !valid)
            return valid.error();
        for (const QString &pattern : body) {
            if (Result<void> valid = validatePattern(pattern); !valid)
                return valid.error();
        }
        if (!bodies.contains(owner))
            order.append(owner);
        bodies.insert(owner, body);
    }
    const QByteArray eol = lineEnding(content);
    const QList<Line> lines = splitLines(content);
    const QHash<QByteArrayView, qsizetype> firstOpen = firstOpenMarkers(lines);
    struct Replacement
    {
        qsizetype start;
        qsizetype end;
        QByteArray text;
    };
    QList<Replacement> replacements;
    QByteArray appended;
    for (const QString &owner : std::as_const(order)) {
        const QByteArray rendered = render(owner, bodies.value(owner), eol);
        const QByteArray open = openMarker(owner);
        const auto at = firstOpen.constFind(QByteArrayView(open));
        if (at == firstOpen.constEnd()) {
            appended += rendered;
            continue;
        }
        Result<Block> block = blockAt(lines, owner, *at);
        if (!block) // an earlier block may swallow the open marker, or the error is real
            return std::optional<QByteArray>();
        QByteArray replacement = rendered;
        // A block that ends the file without a final newline keeps that shape.
        const Line &closeLine = lines.at(block->closeLine);
        if (closeLine.end == closeLine.start + closeLine.text.size())
            replacement.chop(eol.size());
        replacements.append({block->start, block->end, replacement});
    }
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement &a, const Replacement &b) { return a.start < b.start; });
    QByteArray out;
    out.reserve(content.size() + appended.size());
    qsizetype copied = 0;
    for (const Replacement &r : std::as_const(replacements)) {
        if (r.start < copied)
            return std::optional<QByteArray>();
        out += QByteArrayView(content).sliced(copied, r.start - copied);
        out += r.text;
        copied = r.end;
    }
    out += QByteArrayView(content).sliced(copied);
    if (!appended.isEmpty()) {
        if (!out.isEmpty() && !out.endsWith('\n'))
            out += eol;
        out += appended;
    }
    return std::optional<QByteArray>(out);
}

} // namespace

Result<void> validateOwner(const QString &owner)
{
    bool valid = !owner.isEmpty();
    for (QChar c : owner) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == u'<' || c == u'>')
            valid = false;
    }
    if (valid)
        return {};
    return Error(ErrorKind::Usage, u"invalid_block_owner"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "'%1' cannot name a .gitignore block: it must "
                                                   "be non-empty without control characters, "
                                                   "'<' or '>'"),
                         {owner}));
}

Result<void> validatePattern(const QString &pattern)
{
    if (pattern.contains(u'\n') || pattern.contains(u'\r') || pattern.startsWith(u"# >>> grex:") ||
        pattern.startsWith(u"# <<< grex:")) {
        return Error(ErrorKind::Usage, u"invalid_gitignore_pattern"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "'%1' cannot be a .gitignore pattern: it "
                                                       "spans lines or looks like a grex marker"),
                             {pattern}))
            .withDetail(u"pattern"_s, pattern);
    }
    return {};
}

QStringList packBody(const QString &packPath, const QStringList &extraPatterns)
{
    // A pack path is matched literally: its glob characters are escaped.
    QString literal;
    for (QChar c : packPath) {
        if (c == u'*' || c == u'?' || c == u'[' || c == u']' || c == u'\\')
            literal += u'\\';
        literal += c;
    }
    QStringList body{u".grex-lock"_s, u'/' + literal + u'/'};
    for (const QString &pattern : extraPatterns) {
        if (!body.contains(pattern))
            body.append(pattern);
    }
    return body;
}

QStringList workspaceBody()
{
    return {u".grex.lock"_s,    u".grex.sync.lock"_s,    u".grex-backend-*.lock"_s,
            u".grex-trash-*"_s, u"grex.journal.jsonl"_s, u"/.grex-tasks/"_s};
}

Result<QByteArray> upsert(const QByteArray &content, const QString &owner, const QStringList &body)
{
    if (Result<void> valid = validateOwner(owner); !valid)
        return valid.error();
    for (const QString &pattern : body) {
        if (Result<void> valid = validatePattern(pattern); !valid)
            return valid.error();
    }
    const QByteArray eol = lineEnding(content);
    const QByteArray rendered = render(owner, body, eol);
    const QList<Line> lines = splitLines(content);
    Result<std::optional<Block>> block = locate(lines, owner);
    if (!block)
        return block.error();
    if (*block) {
        const Block &b = **block;
        QByteArray out = content;
        // A block that ends the file without a final newline keeps that shape.
        QByteArray replacement = rendered;
        const Line &closeLine = lines.at(b.closeLine);
        if (closeLine.end == closeLine.start + closeLine.text.size())
            replacement.chop(eol.size());
        out.replace(b.start, b.end - b.start, replacement);
        return out;
    }
    QByteArray out = content;
    if (!out.isEmpty() && !out.endsWith('\n'))
        out += eol;
    out += rendered;
    return out;
}

Result<QByteArray> remove(const QByteArray &content, const QString &owner)
{
    if (Result<void> valid = validateOwner(owner); !valid)
        return valid.error();
    const QList<Line> lines = splitLines(content);
    Result<std::optional<Block>> block = locate(lines, owner);
    if (!block)
        return block.error();
    if (!*block)
        return content;
    QByteArray out = content;
    out.remove((*block)->start, (*block)->end - (*block)->start);
    return out;
}

Result<std::optional<QStringList>> read(const QByteArray &content, const QString &owner)
{
    return readMany(content, {owner}).front();
}

std::vector<Result<std::optional<QStringList>>> readMany(const QByteArray &content,
                                                         const QStringList &owners)
{
    const QList<Line> lines = splitLines(content);
    const QHash<QByteArrayView, qsizetype> firstOpen = firstOpenMarkers(lines);
    std::vector<Result<std::optional<QStringList>>> bodies;
    bodies.reserve(size_t(owners.size()));
    for (const QString &owner : owners) {
        if (Result<void> valid = validateOwner(owner); !valid) {
            bodies.push_back(valid.error());
            continue;
        }
        const QByteArray open = openMarker(owner);
        const auto at = firstOpen.constFind(QByteArrayView(open));
        if (at == firstOpen.constEnd()) {
            bodies.push_back(std::optional<QStringList>());
            continue;
        }
        Result<Block> block = blockAt(lines, owner, *at);
        if (!block) {
            bodies.push_back(block.error());
            continue;
        }
        QStringList body;
        for (qsizetype i = block->firstBodyLine; i < block->closeLine; ++i)
            body.append(QString::fromUtf8(lines.at(i).text));
        bodies.push_back(std::optional<QStringList>(body));
    }
    return bodies;
}

Result<void> upsertBlock(const QString &file, const QString &owner, const QStringList &body)
{
    Result<QByteArray> before = readFile(file);
    if (!before)
        return before.error();
    Result<QByteArray> after = upsert(*before, owner, body);
    if (!after)
        return std::move(after).error().withDetail(u"path"_s, file);
    if (*after == *before && QFile::exists(file))
        return {};
    return atomicWrite(file, *after);
}

Result<void> removeBlock(const QString &file, const QString &owner)
{
    Result<QByteArray> before = readFile(file);
    if (!before)
        return before.error();
    Result<QByteArray> after = remove(*before, owner);
    if (!after)
        return std::move(after).error().withDetail(u"path"_s, file);
    if (*after == *before)
        return {};
    return atomicWrite(file, *after);
}

Result<void> upsertBlocks(const QString &file, const QList<std::pair<QString, QStringList>> &blocks)
{
    Result<QByteArray> before = readFile(file);
    if (!before)
        return before.error();
    // The common case, every block already written as it would be now, is checked in one pass
    // over the file: a sync of hundreds of packs must not split the file once per pack.
    if (blocksUpToDate(*before, blocks))
        return {};
    Result<std::optional<QByteArray>> all = upsertAll(*before, blocks);
    if (!all)
        return std::move(all).error().withDetail(u"path"_s, file);
    QByteArray content = all->value_or(*before);
    for (qsizetype i = 0; !*all && i < blocks.size(); ++i) {
        Result<QByteArray> after = upsert(content, blocks.at(i).first, blocks.at(i).second);
        if (!after)
            return std::move(after).error().withDetail(u"path"_s, file);
        content = *after;
    }
    if (content == *before && QFile::exists(file))
        return {};
    return atomicWrite(file, content);
}

Result<void> removeBlocks(const QString &file, const QStringList &owners)
{
    Result<QByteArray> before = readFile(file);
    if (!before)
        return before.error();
    QByteArray content = *before;
    for (const QString &owner : owners) {
        Result<QByteArray> after = remove(content, owner);
        if (!after)
            return std::move(after).error().withDetail(u"path"_s, file);
        content = *after;
    }
    if (content == *before)
        return {};
    return atomicWrite(file, content);
}

Result<std::optional<QStringList>> readBlock(const QString &file, const QString &owner)
{
    Result<QByteArray> content = readFile(file);
    if (!content)
        return content.error();
    Result<std::optional<QStringList>> body = read(*content, owner);
    if (!body)
        return std::move(body).error().withDetail(u"path"_s, file);
    return body;
}

} // namespace Grex::Gitignore
