// What other parts of the web app may use from this feature (decision 025).
export { embeddedGuruId } from './framing-origin';
export { mountEmbed } from './mount';
