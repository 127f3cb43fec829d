#pragma once

#include "core/error.h"

#include <type_traits>
#include <utility>
#include <variant>

namespace Grex {

// Either a value or an Error. C++20 has no std::expected and Debian 12 packages none, so this is
// grex's own. Accessing the value of a failed Result (or the error of a successful one) is a
// programming error; debug builds assert.
template<typename T>
class [[nodiscard]] Result
{
    static_assert(!std::is_same_v<std::decay_t<T>, Error>, "Result<Error> is ambiguous");

public:
    Result(const T &value) : m_data(std::in_place_index<0>, value) {}
    Result(T &&value) : m_data(std::in_place_index<0>, std::move(value)) {}
    Result(const Error &error) : m_data(std::in_place_index<1>, error) {}
    Result(Error &&error) : m_data(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() &
    {
        Q_ASSERT(ok());
        return std::get<0>(m_data);
    }
    const T &value() const &
    {
        Q_ASSERT(ok());
        return std::get<0>(m_data);
    }
    T &&value() &&
    {
        Q_ASSERT(ok());
        return std::get<0>(std::move(m_data));
    }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const &
    {
        Q_ASSERT(!ok());
        return std::get<1>(m_data);
    }
    Error &&error() &&
    {
        Q_ASSERT(!ok());
        return std::get<1>(std::move(m_data));
    }

    template<typename U>
    T valueOr(U &&fallback) const &
    {
        return ok() ? std::get<0>(m_data) : T(std::forward<U>(fallback));
    }

private:
    std::variant<T, Error> m_data;
};

template<>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(const Error &error) : m_error(error), m_failed(true) {}
    Result(Error &&error) : m_error(std::move(error)), m_failed(true) {}

    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }

    const Error &error() const &
    {
        Q_ASSERT(m_failed);
        return m_error;
    }
    Error &&error() &&
    {
        Q_ASSERT(m_failed);
        return std::move(m_error);
    }

private:
    Error m_error;
    bool m_failed = false;
};

} // namespace Grex
