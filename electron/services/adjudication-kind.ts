/** package_meta.package_kind of an adjudication package (a rater's package has none). */
export const ADJUDICATION_PACKAGE_KIND = 'adjudication';
