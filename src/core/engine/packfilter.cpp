#include "core/engine/packfilter.h"

#include "core/engine/globs.h"
#include "core/engine/packgraph.h"
#include "core/error.h"
#include "core/naming.h"
#include "core/suggest.h"

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

struct KeyName
{
    QStringView text;
    int key;
};

Error filterError(const QString &expression, qsizetype position, const QString &what)
{
    // The expression on its own line with a caret under the character that is wrong.
    const QString caret = QString(position, u' ') + u'^';
    return Error(ErrorKind::Usage, u"invalid_filter"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "invalid --filter at column %1: %2\n  %3\n  "
                                                   "%4"),
                         {QString::number(position + 1), what, expression, caret}))
        .withDetail(u"expression"_s, expression)
        .withDetail(u"position"_s, qint64(position));
}

// The position of the first `separator` in text[from, end) that is not escaped and not inside
// [...] or {...} (globs use both); `end` when there is none.
qsizetype findSeparator(const QString &text, qsizetype from, qsizetype end, QChar separator)
{
    int brackets = 0;
    int braces = 0;
    for (qsizetype i = from; i < end; ++i) {
        const QChar c = text.at(i);
        if (c == u'\\') {
            ++i;
            continue;
        }
        if (c == u'[')
            ++brackets;
        else if (c == u']' && brackets > 0)
            --brackets;
        else if (c == u'{')
            ++braces;
        else if (c == u'}' && braces > 0)
            --braces;
        else if (c == separator && brackets == 0 && braces == 0)
            return i;
    }
    return end;
}

// A term without an operator is a word to look for in names and paths ("tool-"), as people
// type into a search field; a term with one is key op value. The word, trimmed, or nullopt.
std::optional<QString> wordAt(const QString &expression, qsizetype pos)
{
    const qsizetype end = findSeparator(expression, pos, expression.size(), u',');
    const QString word = expression.mid(pos, end - pos).trimmed();
    const bool hasOperator = std::any_of(word.cbegin(), word.cend(), [](QChar c) {
        return c == u'=' || c == u'<' || c == u'>' || c == u'!';
    });
    if (word.isEmpty() || hasOperator)
        return std::nullopt;
    return word;
}

} // namespace

PackFilter::Term PackFilter::wordTerm(const QString &word)
{
    Term term;
    term.key = Key::Word;
    term.alternatives = {word};
    return term;
}

FilterSubject FilterSubject::withDriftOf(const QHash<QString, QString> &driftByPack) const
{
    const auto it = driftByPack.find(name);
    if (it == driftByPack.end())
        return withDrifts({});
    const QStringList kinds = it->split(u',', Qt::SkipEmptyParts);
    // Computed and empty still counts as computed: it matches no drift= term.
    return withDrifts(kinds.isEmpty() ? QStringList{QString()} : kinds);
}

FilterSubject FilterSubject::withDrifts(const QStringList &drifts) const
{
    FilterSubject subject = *this;
    subject.drift.reset();
    subject.alsoDrifts.clear();
    if (!drifts.isEmpty()) {
        subject.drift = drifts.first();
        subject.alsoDrifts = drifts.mid(1);
    }
    return subject;
}

QString filterPath(const PackNode &node)
{
    if (!node.isRoot)
        return node.path;
    QString path = node.dir;
    return path.replace(u'\\', u'/');
}

FilterSubject filterSubject(const PackNode &node, const QHash<QString, QString> &drift)
{
    return FilterSubject{.name = node.id,
                         .path = filterPath(node),
                         .type = node.manifest->type,
                         .url = node.url,
                         .depth = node.depth,
                         .drift = std::nullopt,
                         .alsoDrifts = {},
                         .tags = node.tags}
        .withDriftOf(drift);
}

const QStringList &PackFilter::driftKinds()
{
    // Most urgent first: what needs a person before what a sync fixes (docs/design.md, "Drift").
    static const QStringList kinds{
        u"broken"_s,    u"missing"_s,  u"fetch_failed"_s, u"dirty"_s,          u"upstream_gone"_s,
        u"rewritten"_s, u"diverged"_s, u"off_branch"_s,   u"stale"_s,          u"behind"_s,
        u"ahead"_s,     u"clean"_s,    u"untracked"_s,    u"untracked_files"_s};
    return kinds;
}

// Checks one alternative of a term's value (value: all of it) and adds it to the term: a
// glob compiled, a depth read. What is wrong with it, or nullopt.
std::optional<QString> PackFilter::addAlternative(Term &term, const QString &alternative,
                                                  const QString &value)
{
    switch (term.key) {
    case Key::Name:
    case Key::Path:
    case Key::Url:
        if (Result<QRegularExpression> glob = globPattern(alternative); !glob)
            return u"invalid glob '%1': %2"_s.arg(alternative, glob.error().message().text());
        else
            term.globs.append(*glob); // compiled once, matched against every pack
        break;
    case Key::Depth: {
        bool ok = false;
        term.number = alternative.toInt(&ok);
        if (!ok || term.number < 0 || value.contains(u'|'))
            return u"depth takes one whole number, not '%1'"_s.arg(value);
        break;
    }
    case Key::Drift:
        if (!driftKinds().contains(alternative)) {
            const QString suggestion = closestWord(alternative, driftKinds());
            return suggestion.isEmpty()
                       ? u"unknown drift '%1' (drift is one of %2)"_s.arg(
                             alternative, driftKinds().join(u", "_s))
                       : u"unknown drift '%1'; did you mean '%2'?"_s.arg(alternative, suggestion);
        }
        break;
    case Key::Tag:
        if (Result<void> tag = checkTag(alternative); !tag)
            return tag.error().message().text();
        break;
    case Key::Type:
    case Key::Word:
        break;
    }
    return std::nullopt;
}

Result<PackFilter> PackFilter::parse(const QString &expression)
{
    PackFilter filter;
    filter.m_expression = expression;
    const qsizetype n = expression.size();
    qsizetype pos = 0;
    const auto skipSpace = [&] {
        while (pos < n && expression.at(pos).isSpace())
            ++pos;
    };
    skipSpace();
    if (pos == n)
        return filter; // empty: every pack

    static const QStringList keyNames{u"name"_s, u"path"_s,  u"type"_s, u"depth"_s,
                                      u"url"_s,  u"drift"_s, u"kind"_s, u"tag"_s};
    while (true) {
        skipSpace();
        if (const std::optional<QString> word = wordAt(expression, pos)) {
            filter.m_terms.append(wordTerm(*word));
            pos = findSeparator(expression, pos, n, u',');
        } else {
            const qsizetype keyStart = pos;
            while (pos < n && (expression.at(pos).isLetter() || expression.at(pos) == u'_'))
                ++pos;
            const QString keyText = expression.mid(keyStart, pos - keyStart);
            if (keyText.isEmpty()) {
                return filterError(expression, keyStart,
                                   pos == n
                                       ? u"expected a key (name, path, type, depth, url, drift "
                                         u"or tag) at the end"_s
                                       : u"expected a key (name, path, type, depth, url, drift "
                                         u"or tag), found '%1'"_s.arg(expression.at(pos)));
            }
            Term term;
            if (keyText == u"name")
                term.key = Key::Name;
            else if (keyText == u"path")
                term.key = Key::Path;
            else if (keyText == u"type" || keyText == u"kind")
                term.key = Key::Type;
            else if (keyText == u"depth")
                term.key = Key::Depth;
            else if (keyText == u"url")
                term.key = Key::Url;
            else if (keyText == u"drift")
                term.key = Key::Drift;
            else if (keyText == u"tag")
                term.key = Key::Tag;
            else {
                const QString suggestion = closestWord(keyText, keyNames);
                return filterError(
                    expression, keyStart,
                    suggestion.isEmpty()
                        ? u"unknown key '%1' (keys: name, path, type, depth, url, drift, "
                          u"tag)"_s.arg(keyText)
                        : u"unknown key '%1'; did you mean '%2'?"_s.arg(keyText, suggestion));
            }
            skipSpace();
            const qsizetype opStart = pos;
            const QStringView rest = QStringView(expression).mid(pos);
            if (rest.startsWith(u"!=")) {
                term.op = Op::NotEqual;
                pos += 2;
            } else if (rest.startsWith(u">=")) {
                term.op = Op::AtLeast;
                pos += 2;
            } else if (rest.startsWith(u"<=")) {
                term.op = Op::AtMost;
                pos += 2;
            } else if (rest.startsWith(u"=")) {
                term.op = Op::Equal;
                pos += 1;
            } else {
                return filterError(expression, opStart,
                                   u"expected one of = != >= <= after '%1'"_s.arg(keyText));
            }
            if ((term.op == Op::AtLeast || term.op == Op::AtMost) && term.key != Key::Depth) {
                return filterError(expression, opStart,
                                   u"'%1' works only with depth"_s.arg(expression.mid(opStart, 2)));
            }
            skipSpace();
            // The value runs to the next separating comma.
            const qsizetype valueStart = pos;
            pos = findSeparator(expression, pos, n, u',');
            const QString value = expression.mid(valueStart, pos - valueStart).trimmed();
            if (value.isEmpty())
                return filterError(expression, valueStart,
                                   u"missing value after '%1'"_s.arg(keyText));

            // Alternatives, each checked where it starts.
            const qsizetype valueEnd = valueStart + value.size();
            for (qsizetype altPos = valueStart; altPos <= valueEnd;) {
                const qsizetype altEnd = findSeparator(expression, altPos, valueEnd, u'|');
                const QString alternative = expression.mid(altPos, altEnd - altPos).trimmed();
                if (alternative.isEmpty()) {
                    // Points at the | that has nothing after it (or at the start of the value).
                    return filterError(expression, altPos > valueStart ? altPos - 1 : altPos,
                                       u"empty alternative in '%1'"_s.arg(value));
                }
                if (std::optional<QString> wrong = addAlternative(term, alternative, value))
                    return filterError(expression, altPos, *wrong);
                term.alternatives.append(alternative);
                altPos = altEnd + 1;
            }
            filter.m_terms.append(term);
        }
        if (pos == n)
            break;
        const qsizetype comma = pos;
        ++pos;
        skipSpace();
        if (pos == n)
            return filterError(expression, comma, u"a term must follow ','"_s);
    }
    return filter;
}

bool PackFilter::usesDrift() const
{
    return std::any_of(m_terms.begin(), m_terms.end(),
                       [](const Term &t) { return t.key == Key::Drift; });
}

bool PackFilter::matches(const FilterSubject &subject) const
{
    for (const Term &term : m_terms) {
        bool hit = false;
        switch (term.key) {
        case Key::Depth:
            switch (term.op) {
            case Op::Equal:
                hit = subject.depth == term.number;
                break;
            case Op::NotEqual:
                hit = subject.depth != term.number;
                break;
            case Op::AtLeast:
                hit = subject.depth >= term.number;
                break;
            case Op::AtMost:
                hit = subject.depth <= term.number;
                break;
            }
            if (!hit)
                return false;
            continue;
        case Key::Name:
        case Key::Path:
        case Key::Url: {
            const QString &text = term.key == Key::Name   ? subject.name
                                  : term.key == Key::Path ? subject.path
                                                          : subject.url;
            for (const QRegularExpression &glob : term.globs)
                hit = hit || glob.match(text).hasMatch();
            break;
        }
        case Key::Word:
            hit = subject.name.contains(term.alternatives.constFirst(), Qt::CaseInsensitive) ||
                  subject.path.contains(term.alternatives.constFirst(), Qt::CaseInsensitive);
            break;
        case Key::Type:
            hit = term.alternatives.contains(subject.type);
            break;
        case Key::Tag:
            for (const QString &tag : subject.tags)
                hit = hit || term.alternatives.contains(tag);
            break;
        case Key::Drift:
            hit = subject.drift && term.alternatives.contains(*subject.drift);
            for (const QString &also : subject.alsoDrifts)
                hit = hit || term.alternatives.contains(also);
            break;
        }
        if (hit != (term.op == Op::Equal))
            return false;
    }
    return true;
}

} // namespace Grex
