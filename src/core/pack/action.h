#pragma once

#include <QString>

#include <concepts>
#include <memory>
#include <type_traits>

namespace Grex {

// The arguments of one action, of the type its plugin reads them into (SymlinkArgs for symlink,
// ...; src/core/actions/). Copies share the arguments, which never change; two are equal when
// they hold equal arguments of the same type.
class ActionArgs
{
public:
    ActionArgs() = default;
    // Implicit, so an action is built as `action.args = MkdirArgs{path}`.
    template<typename Args>
    requires(!std::same_as<std::remove_cvref_t<Args>, ActionArgs> &&
             std::equality_comparable<std::remove_cvref_t<Args>>) ActionArgs(Args &&args)
        : m_held(std::make_shared<const Held<std::remove_cvref_t<Args>>>(std::forward<Args>(args)))
    {
    }

    bool isEmpty() const { return !m_held; }
    // The arguments when they are an Args, else null.
    template<typename Args>
    const Args *get() const
    {
        const auto *held = dynamic_cast<const Held<Args> *>(m_held.get());
        return held ? &held->value : nullptr;
    }

    // Defined here, a hidden friend: declared at namespace scope, it would be a candidate for
    // every == in the namespace through the implicit constructor above, and testing whether such
    // a conversion applies makes std::equality_comparable depend on itself.
    friend bool operator==(const ActionArgs &a, const ActionArgs &b)
    {
        if (!a.m_held || !b.m_held)
            return !a.m_held && !b.m_held;
        return a.m_held->equals(*b.m_held);
    }

private:
    struct Base
    {
        virtual ~Base();
        virtual bool equals(const Base &other) const = 0;
    };
    template<typename Args>
    struct Held final : Base
    {
        explicit Held(Args args) : value(std::move(args)) {}
        bool equals(const Base &other) const override
        {
            const auto *same = dynamic_cast<const Held *>(&other);
            return same && same->value == value;
        }
        Args value;
    };

    std::shared_ptr<const Base> m_held;
};

// One entry of a pack's `actions:` or `teardown:` list.
struct Action
{
    QString name; // the YAML key: "symlink", "exec", ... ("unlink" for the internal inverse)
    ActionArgs args;
    int line = 0; // line in the pack.yaml it came from; 0 when synthesised

    friend bool operator==(const Action &a, const Action &b)
    {
        return a.name == b.name && a.args == b.args;
    }
};

} // namespace Grex
