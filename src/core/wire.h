#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <utility>

namespace Grex {

// One vocabulary of the report contract: each value of an enum and the word the JSON documents
// carry for it, in one table beside the enum (docs/architecture.md, "The report contract").
template<typename E, std::size_t N>
using WireTable = std::array<std::pair<E, const char *>, N>;

template<typename E, std::size_t N>
QString wireWord(const WireTable<E, N> &table, E value)
{
    for (const auto &[v, word] : table) {
        if (v == value)
            return QString::fromLatin1(word);
    }
    return {};
}

// Every word of the table, in its order: the only values a DocShape string may take.
template<typename E, std::size_t N>
QStringList wireWords(const WireTable<E, N> &table)
{
    QStringList words;
    for (const auto &[value, word] : table)
        words.append(QString::fromLatin1(word));
    return words;
}

template<typename E, std::size_t N>
std::optional<E> fromWireWord(const WireTable<E, N> &table, const QString &word)
{
    for (const auto &[v, w] : table) {
        if (word == QLatin1String(w))
            return v;
    }
    return std::nullopt;
}

} // namespace Grex
