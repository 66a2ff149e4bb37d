/** Iterations per SQLCipher key derivation in test processes (see fast-key-derivation.mjs). */
export declare const TEST_KDF_ITERATIONS: number;
