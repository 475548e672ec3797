package dev.tide.core.simulate;

/** Pearson's correlation coefficient of two equally long series. */
public final class Pearson {
    private Pearson() {}

    /** The correlation of {@code x} and {@code y}, from -1 to 1; NaN when either is constant or they are too short. */
    public static double of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series of " + x.length + " and " + y.length + " values");
        }
        int n = x.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = x[i] - mx;
            double dy = y[i] - my;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }
}
