/** The built-in user store: accounts, API and session tokens, password hashing. */
package dev.tide.core.auth;
