#pragma once

#include "core/result.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

// What a --filter expression looks at for one pack.
struct FilterSubject
{
    QString name; // the pack id
    QString path; // workspace-relative directory
    QString type;
    QString url;
    int depth = 0;
    std::optional<QString> drift; // the drift kind status reports; nullopt when not computed
    QStringList alsoDrifts;       // the other kinds that hold too (dirty and behind, ...)
    QStringList tags;

    // The subject with every drift kind that holds, most urgent first (empty: not computed).
    // The other fields are set by name: FilterSubject{.name = id, .path = path}.withDrifts(...).
    FilterSubject withDrifts(const QStringList &drifts) const;
    // The same, with the drift kinds looked up by name in `drift` (joined with ',', as
    // driftByPack gives them); absent: not computed.
    FilterSubject withDriftOf(const QHash<QString, QString> &driftByPack) const;
};

// The subject of a pack row with an id, path, type, url and tags (a registered pack, an ls or
// status entry), at depth; its drift is added with withDrifts or withDriftOf.
template<typename Row>
FilterSubject subjectOf(const Row &row, int depth = 0)
{
    return FilterSubject{.name = row.id,
                         .path = row.path,
                         .type = row.type,
                         .url = row.url,
                         .depth = depth,
                         .drift = std::nullopt,
                         .alsoDrifts = {},
                         .tags = row.tags};
}

struct PackNode;

// The subject of a walked pack; drift holds what status reports, by id, as the kinds that hold
// joined with ',' (most urgent first); a pack missing from it was not computed.
FilterSubject filterSubject(const PackNode &node, const QHash<QString, QString> &drift);
// What path= and --only globs match for a pack: its workspace-relative path, and for the root
// pack, which has none, its directory with forward slashes. Every verb matches the root this way.
QString filterPath(const PackNode &node);

// A parsed --filter expression (docs/design.md, "Filter expressions"): comma-separated terms that
// must all hold, each `key op value` with key name, path, url (globs), type (kind is an alias),
// depth (integer, also >= and <=), drift or tag (the pack has one of the tags); `|` separates
// alternatives. A term without an operator is a word: the packs whose name or path contains it,
// ignoring case. An empty expression matches every pack.
class PackFilter
{
public:
    PackFilter() = default;

    // Error: Usage "invalid_filter" whose message quotes the expression with a caret under the
    // offending character (details: expression, position as a 0-based character offset).
    static Result<PackFilter> parse(const QString &expression);

    bool isEmpty() const { return m_terms.isEmpty(); }
    const QString &expression() const { return m_expression; }
    // Whether a term looks at drift: the caller must compute it (it costs a status query).
    bool usesDrift() const;
    bool matches(const FilterSubject &subject) const;

    // The drift kinds status reports, in precedence order.
    static const QStringList &driftKinds();

private:
    enum class Key { Name, Path, Type, Depth, Url, Drift, Tag, Word };
    enum class Op { Equal, NotEqual, AtLeast, AtMost };
    struct Term
    {
        Key key = Key::Name;
        Op op = Op::Equal;
        QStringList alternatives;
        QList<QRegularExpression> globs; // name, path and url: the alternatives, compiled once
        int number = 0;
    };

    static Term wordTerm(const QString &word);
    static std::optional<QString> addAlternative(Term &term, const QString &alternative,
                                                 const QString &value);

    QString m_expression;
    QList<Term> m_terms;
};

} // namespace Grex
