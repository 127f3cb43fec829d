#pragma once

#include <memory>
#include <optional>

namespace Grex {

// An optional value kept on the heap: one pointer where most holders have none. For what a
// struct held once per pack rarely carries (a pack's load and fetch errors: 128 bytes each as a
// std::optional, in every one of 10 000 packs). Copies copy the value; the interface is the part
// of std::optional's that such members use.
template<typename T>
class Boxed
{
public:
    Boxed() = default;
    Boxed(std::nullopt_t) {}
    Boxed(const T &value) : m_value(std::make_unique<T>(value)) {}
    Boxed(T &&value) : m_value(std::make_unique<T>(std::move(value))) {}
    Boxed(std::optional<T> value)
        : m_value(value ? std::make_unique<T>(std::move(*value)) : nullptr)
    {
    }
    Boxed(const Boxed &other) : m_value(other ? std::make_unique<T>(*other) : nullptr) {}
    Boxed(Boxed &&) noexcept = default;
    Boxed &operator=(const Boxed &other)
    {
        if (this != &other)
            m_value = other ? std::make_unique<T>(*other) : nullptr;
        return *this;
    }
    Boxed &operator=(Boxed &&) noexcept = default;
    ~Boxed() = default;

    explicit operator bool() const { return bool(m_value); }
    bool has_value() const { return bool(m_value); }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }
    T *operator->() { return m_value.get(); }
    const T *operator->() const { return m_value.get(); }
    void reset() { m_value.reset(); }
    operator std::optional<T>() const
    {
        return m_value ? std::optional<T>(*m_value) : std::optional<T>();
    }

private:
    std::unique_ptr<T> m_value;
};

} // namespace Grex
