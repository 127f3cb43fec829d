#include "core/pack/action.h"

namespace Grex {

ActionArgs::Base::~Base() = default;

bool operator==(const ActionArgs &a, const ActionArgs &b)
{
    if (!a.m_held || !b.m_held)
        return !a.m_held && !b.m_held;
    return a.m_held->equals(*b.m_held);
}

} // namespace Grex
