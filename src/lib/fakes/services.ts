/**
 * The services the demo servers stand in for. The fakes' own name for them, not the app's: the
 * fakes import nothing from settings or the areas. A service the app adds without a demo server
 * fails the type check where settings ask for its demo transport.
 */
export type DemoServiceId = 'codehost' | 'energy' | 'bible';
