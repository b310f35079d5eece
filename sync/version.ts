/** The build label shown in the footer and in /__probe. Bump with package.json. */
export const APP_VERSION = '0.1.0';
