#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <string>
#include <utility>

namespace Grex {

// One vocabulary of the report contract: each value of an enum and the word the JSON documents
// carry for it, in one table beside the enum (docs/architecture.md, "The report contract").
// The words are UTF-16 literals so that a word is handed out without a copy: a large report
// carries a few words per pack (docs/performance.md, "Threads and arenas").
template<typename E, std::size_t N>
using WireTable = std::array<std::pair<E, const char16_t *>, N>;

// A QString over the literal's static storage: no allocation, however many reports hold it.
inline QString wireString(const char16_t *word)
{
    return QString::fromRawData(reinterpret_cast<const QChar *>(word),
                                qsizetype(std::char_traits<char16_t>::length(word)));
}

template<typename E, std::size_t N>
QString wireWord(const WireTable<E, N> &table, E value)
{
    for (const auto &[v, word] : table) {
        if (v == value)
            return wireString(word);
    }
    return {};
}

// Every word of the table, in its order: the only values a DocShape string may take.
template<typename E, std::size_t N>
QStringList wireWords(const WireTable<E, N> &table)
{
    QStringList words;
    for (const auto &[value, word] : table)
        words.append(wireString(word));
    return words;
}

template<typename E, std::size_t N>
std::optional<E> fromWireWord(const WireTable<E, N> &table, const QString &word)
{
    for (const auto &[v, w] : table) {
        if (word == QStringView(w))
            return v;
    }
    return std::nullopt;
}

} // namespace Grex
