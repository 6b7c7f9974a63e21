/** The strategy templates page (SPEC.md §2 "strategy and mode templates"). */
export const STRATEGY_TEMPLATES_PATH = '/strategy/templates';
