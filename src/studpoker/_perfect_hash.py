"""Row displacements of the perfect hash behind :mod:`studpoker.fast` (generated data).

The batch evaluator adds one integer weight per card; above bit 20 the sum is
``sum(RANK_MULTIPLIERS[rank])`` over the hand's cards, a number unique to the
hand's rank multiset for every hand of five to seven cards (at most four of a
rank). These multipliers are OMPEval's (Timo A., ISC licence). The 73,775
possible sums are spread over ~33.8 M; a row-displacement perfect hash
(Tarjan and Yao) maps them into a table of 83,006 slots::

    slot = DISPLACEMENTS[key >> ROW_SHIFT] + (key & (2**ROW_SHIFT - 1))

Only the geometry of the sums is stored here, never a hand value: the values
come from :mod:`studpoker.engine.evaluation` when :mod:`studpoker.fast` builds its
tables. Searching the displacements takes seconds, so they are generated once
by ``python -m studpoker._perfect_hash`` (needs numba) and stored compressed.
:func:`studpoker.fast` checks at build time that they still form a perfect hash.
"""

from __future__ import annotations

import base64
import zlib
from typing import Final

from studpoker._extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _exc:
    raise missing_extra(_exc, what="studpoker.fast", extra="fast") from _exc

__all__ = ["RANK_MULTIPLIERS", "ROW_SHIFT", "displacements", "rank_multisets"]

RANK_MULTIPLIERS: Final[tuple[int, ...]] = (
    0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
    0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493,
)
ROW_SHIFT: Final = 12

# zlib-compressed little-endian uint32 displacement per row, base64.
_DISPLACEMENTS_B64: Final = (
    "eNql3Xf4j+X7OP77KbL3SiFllRWyyS6rrJRIoRKyRQiFIiPZe2/SIKUiO7NhZFNEFKkUUkq+j6v79Tne78/xOX5//V6H03Xf"
    "1ziv8zr3dT/vEUX///5e/P+oX59U1k1EUafEf+p3JB0fVaZKFkXvgWs3RVGG5HF9BWWDVFHUNnUUlUwTRRfSRtHb6aLoNzA1"
    "fdzneoYoapExiqpkiqLmYBSokzmKFmWJouNZo+jebFH0M1idPYr2gWy3RNEAMBZUyBVFE26NohNgWO4Y3yplmP6s8jdQOE8U"
    "nQIl80bRg0l9shWKoved7wcFbo+iTYWSxhbXdkcUpc8fRU86f6NUXH+kTBRNLBxFe8Bnd1kv6He388pRdF75UJEo6gHGgGlF"
    "o2gvGFIMXSAVnE3BNHCheIwvdYkoagl3f3B36ShaADaBOWWjqHi5uM8S5RVwskIUDa5obKW4vpI5Z1eOj+tY6NAq5AOmVI2i"
    "xVXi+n33xeUxdbdVi6JcVePzKo7rg9FgS/Uo+h0Mr4GWWlHUBrwKiteO+25R/gVeuz+KvnkgiurVQRM4om1vnbjPFWX6ulG0"
    "HJSjA2uVaetFUcZ6/9GRJ9QXcb6VjM+S2fLbnNe3rpvj9nWOz5NBmXxRlOPBKCqYEs3mu93xJHKpo0yLTznujfuPCufKWx7C"
    "c/wqqzyif82GUfSDchCa2uPPT9Y4WF0x68tDB9uY55McdKpRFDVpTDes7Wtl1CSKGtGL6U3pTYMoWmq9yx0/RmePOf7bcbKH"
    "6YmuPZRFzLdMuQU82IxuNorp6gfPT/p3wINe6mtY052PRFEax92VQx6Nop0gY/Moyuz8WWVuNPVRDjPvIeUi9d8pf9Vv6WNR"
    "lDBX2RZ4BA6A46CF+iwt0QDWgaPWeFWZ/XG8MmdZ5UCQvFVM1wRlmSfi4+rK+9DbVPkuWA92g2SUfcZjcZ+EOUY6//zJ+PxU"
    "UrlD/QXHm1trA7e2ISswE8wHH4Df28R9X2/7H/nvcvwL+PwpNoBHu5XFnuZHnv5Pn0/xeJbzDWDLM+zymbi+YLu4nKnMj4+1"
    "QeFn8YbNVVZWBU+AF8EecE8H/ENnc+VX+vZQ7sTT1zqSt/rDyjZ4Vfc5NuS8ofIMSN2JToNe+HZC+WTnKHoOvK3PLOUXYCjb"
    "fa5LFPUFc7rEdG1Q/pF0nKIr+cGdTlkMzATHwe+gfpIsuimrdouirt3j89FJZS98XdSDTMB68Blo2ZO9ge/AGZDr+bhvjdZx"
    "2cV5l174ieaH+dxXHH8KXuwdRdtA4gU6AJ4DvyXZ2nLHH4Gbk/x2D+N+dt6CfewH6ftEUS0wnF9ZqTwLsvSNojvAJUZHHaNm"
    "jsvD91wK9s8/73c+hq18rXyXL8/UL4om88tPKzf3i+dZyNf3NqYGe24oDhQTaDbxgSWVb4B0/cnE2MzKPnxtJWXL/vHYqcqP"
    "wQC82xZ8Mjyp+MWs4sMp+vaFthx06qByTHly4Eced/63877KKub5nl8ez78m0LyDH30vxCb+ZFdJuqTMNgAtwHKi+5XL0JjX"
    "HDXR/RacOY15WH02cWgaOl/hWx51PlXZVvk6OAK+ASsgOac8ri33QPrHxxZQVgANQDPQFnQfGK9vknI3mpcoj4PnXoqid/is"
    "VXx4f/R3eim2lVFgkeOV4KaX47Hb2cmH+nY11zi+p4f6vuApPra/ciiYyR+9qVwLdiWN68rfHXT8RY2Yr1341Dz84TF150Cq"
    "QWxafXZlDtAUfF83Hvv2oLjMb76afMc4sFpdZb50AwXZ4vgzsAccAhkG02H2e0BcPafvA3h+J33/TN90bLae9k/b0zMOtqL6"
    "H9RPUzcbzAP/sOGFyjbwlxHHNvElrYPPHUIO6jIrs4N8oCKoAFoOiWnsqJyNh9306+K4AP+zHNTkd9/mC8ar+1aZmi9/2/Ea"
    "8EHS2Pb8QBZ9/+Kbn+SfTvEnn2k7ycd+OySGwepLv8Je+IeyyoogE3lHZHVF/8qhjv95la6OdPwl/VmrPA5uvBLPk+ZVuUxO"
    "a3g1Pr9f2RC8Al5LqluqbHHL/83LlqtfD/aDg6C72HFSeR5UGhr3+QRttRw3BC2H/mfs046HgjHgbzSuV54BWYYlyVdZJOm4"
    "mLLpsP89d3Pnjayzo7IzGAT6JMWQY0l9zykvg6tJ5ze9lpR/KQuDouAx0AVMB/PBYrAUvJ3Ut1ySf13hfKr8pLU53zDPNudX"
    "QGI4HoKs4HZQCNw7PB5TW/kAaJx03kY5FEwCs5LqZitPDP+/vE0xQo4xIj7OpSwC7k86fzSpbJ5E2wsj/vfY/s7HJcH8pLa3"
    "/qvPOsfbks6PJ5U3kspkI6NIChTVUi58PK5r5rgFaD4yPu+ZVGZOis0vJZ2PZRdTHc8GK8DHYJF4sVa5DRwBx5P6nldeYgfX"
    "lJuMyzNKnOJPKykbjYr7DC4YRa0cv8TmOim7JdX3SypfVr7KdgYoR+kzUbk6qW1zUnlA+Q34Men8gvIiuAb+Allfl4Kx0Tns"
    "JbdYmc95A2VRZTFQGpR8PR7bOcRVudFYer6BDtRX3xY0lpf3V04Cd4jZc5SLwI6kcWPo9wHHOejOKWUPfVKPlmeCMqAmqAMe"
    "G51k+8ouo/+3TJ933hP0Tqp/Vbl+9P/Vm6PqjoNT4BvwPbgEroHUbyTZhXXkcHwLuAuUTaq/R1kOVAIN5RIH5Dm1HH9XJm6v"
    "57g56AYGgsL2BVOVc8AisIyfPcFf5uVnGzeP87NLlGl5wKl8RzlffSqyGoMHq5xfttdaozzB398sdvWhLzuMu0+fquSyVds9"
    "9kO18G4qOOS8pvzggvJ7+6ADconfzJnf3u+0eNQMDe+ga5zyvD7F1XGZ0UXHrfnGv/j8JvxdLTF1nlzosvpDaLimLMgXpxwj"
    "p+Mn0yrLyIPyKu8CxcBT9jdfiscr5QDF9M0iJ1mvrKKtoH1SLWVbtFVUV4j/7ninHF3dw6ABqICuluq3ywP+1mcZ39g84A1z"
    "gs6gF5jHrvvLVeahd4DzQeA+63hZOQSMBn3JMJv1T3c8Z0ySn1YuAFvB56AR+ncp7+wZt59O6rexZly2U39W3SXwZ1Jbz0rx"
    "8Ur4c6F1g/K682Rj4/bkymxggNzxmrxmmz65nN8Kbgd5wB3grPr+5s8gxhd3XjZpfPmk41rgY+vfD550vI2vGY2uXo7nGvcX"
    "WaeWY77s/OIDcXndvv0V5SNi9UjlWPQvUH4r/zvLN6eSS+U2Jg+deFu5SNt2fbbY05exJ47ILRkZlrKPPyfnuEJPm8hZE3LP"
    "v+5hM8Z/b5/4iLx0lH3NBfJLRhaD5A6v2LvVp58NwjF9fAANj9nXN0NTOTneBuczzZfT2DnKaXToOroqs6FS9uGj4M8sZ3lf"
    "22G4UtgnvgP/fOfj6ePSsA5zH2Un29HYwfjn5Twl7V1X0oXB8oC/6VgPvPhOfvsyuqc6Psb/fQ3fUfnlQWs+Rcce1LYn8JRP"
    "yy63a619v/Pu9rFblO2N36Z8xZ5iJLpLWXdZdpkv7OnJ4TNtf9OtXOqP49kP9rOr8sf1e9A2Ev5CdPgpa11q3uxstpP8rQ8E"
    "ffVpa+y98oXrt/LJ6tfiwTjHX5DDIbiO65PMHuEjcS813mcim+7W3ZjcDrCpzmw5XEJ4VW4+3ti5jvfIiUei/4j+GcWF0sak"
    "N/fn7LmadZTAyy7k8A56l4pL+3/H47D3MLjqh/Zj1lIPP34ax++Se6tyiei57Imo+Z9iBrq7431+/cskT0RnVtEPPihZ1nj/"
    "1YdN3FM+Eb1BP394iw7LK/Pyp4vm4f8J/socH9urbJvNr9LD7fKtwvp9Ls99xfHzqRNRd37hhnU1owPT+NPPxIx75SUz6dAQ"
    "+N4cT67Wfze8LZSbwjUf+rMLjhHsIU24/rWTDgU/qj07ue83xyz7x1pi91/GVyyeiGbiV43v2PFCesOGRs/HvwN8AZ58bI80"
    "xzoOgEfZbmcyfYFuXaczvclyuH1DZ7CdXO6eFEW/2sOsohd17UO+p68F6P6vO8R3bdnlnp/ShStid0F+KiU9vSNcw6LnJ+St"
    "K+FJFfIL/526B5/RW9lc5zcZTz9ehXPevYnoIetZxB4bLhGPzvJVdOmOZImoYV44Qo7zOf9Al4ahdbd9xktw/Ik3i6bG12qm"
    "89vHOfg78Dmfee74QLyhJ1UwrDbdWCGONCLbd9ng03L/CfSvHpqmsblu9ikHf7NHYh/p8PE1si6ND6t+ZWdn2H8iEa2iBxfZ"
    "yIHjZK3cS15fWF9k/R/NiKIpE/DtIp07zI+IOSPRmoOvPk6/cpdOROvM2YatLCmTiK6i7Y917JE+laezpa3/A3SkphuNfjDm"
    "U+sQF67TxwS/UpC+/mazOO2mRPQNmlvTsXJi3alz5I5POdbICwsmos7i2Kv0vvZRsWY1GxdLM92ViO7Lkog+C3TIWQZ/Rhf5"
    "5JNkV5tep6d/1+jBE3if0rpm85ND+Zfnrak83ThvHVtAU7o2CFTma0aRW1H7z+1stDb7+3kLnSPHifhfWP1R86zX5w/6WJEN"
    "DaV/TfVtwIe2thffI3amIbfTfMFyPuhwuG6I7qZssxKebaNjn5PtJxRpNF8xm9z60M2P7AsuLmcTbPwrNJVg9xvwNLM1PGXu"
    "VvB+wl/W4DSW4Wu4/FdOXW96OQE9u9DVnm8ogs815Jzz6OxAdI1gr8+ZqyFaerCbP+DPQb7b2eVOdS3gfA3OZ2+L/VRbfOhm"
    "ndNKJKIPye7DTIloFl52sCd+im0X5K/fD/m6vXslupCiYuy/rtIXLI360un85s4I5xB6tZ7NXpFnfXeVbob9P1l8Kec5RWcq"
    "yy+bypG20t+a+qSZzK7wcB6bz0JXy0LYfbt1oLHlef7SutbwqcXo1iEx+1376I/YUQtyyrWbD8bLi3hd3xyf0pEb1jlmqXhL"
    "3uFy2WQ+dTi9a4Lmk/zRt9Y60roOlmUPQUZk9gM7OWWdx9lwcrZXmRzG429bPqoAfh7juzJoL0eGA+lSBuV7ZJ8X79PLsRaH"
    "faQxGSskom1kuhafZqLrCP7WLx7nQp+gN/lH+GmNGZeJK+z6NDn+EfYU66OoOjvqgPdX3uEHrTc1Xn2Dr7+o+4Hed7JX78HH"
    "3k83Tr3NB7GNnXxhF/x6zJqmwJ2bHUyA9wZbu0B/0q51TnDTdvHDfG7etWENieh3cvuUH2n4TJyDfTmFjrPLZ+lAvq3WQyd7"
    "fMEHOb/s+Dv+ciybLGR9N1vvefrUWPkSOkvwiw8E/fxF3H4T3dbzpTlGa7+J3177E70Tm5aQw7T2+tDzIrkTUXY6cguflJ1P"
    "6/AQm+UvhhSJf6v44dZEVNAe5vRAMkNnI7qxUWzOb+3zUgfZJaJkeNzJPPWcL8b75GxzLTneZP3vwreY72qmbaW41bNanFd1"
    "waeNaCjEZ/+Inpb2uakm2neS7WC0FBeH9sPzg0RrDTy98fMpNpxspjjJbjJY6wq2PInPWHKdTOG7Ex1r8HsdP1yETmV4PL6G"
    "tlpMehsPJ8q36lnbLfxoXvIba413ht9l+NkX+Zj2eNodHbfQgZxkNpnOjKJXP6+Iog/heW4aPpv7y0X0X7z/6Fu5VbBb8WtI"
    "xUT0yid0JFUi6oXPna27Ov3PZ619Q0y7wc+KL/n45lvYXHJ+aSmam9ySiGqKS3exzS/IvSkZ10XbRHz83Z5uFZrfwPOz+NcH"
    "rmJ40wsfy5Hp0+JtEzbYH0960dHZjek4n93euDX1Q76RiL6k61XZVYsN/B3/wiyjRuH6Lyio3yx6X1dOtxY/70XX6/iRVvx9"
    "VsxJgd599PMJeWwBev8TXP3QUJ5d5kf7OPn5A2y9T7pE9B2fM9Q6d6t/k9/55uYQ2+im8SvY7X42v9O6WuH1UX7zLPvvZOwA"
    "Ojf9RzjIMSNfWZdj7WbeS/QkOb/XRnw9au3FwjUHsapm0Ek01OOD0llXVnL+Bc2nxJcScqdF5kzOB6dE69XMcZ6RAr1DHop/"
    "I7jX8Rg+qChc28n8NJ5VZAffmLMuP7NkCH/Dho5re+JIFH1grnvw6oyc4GZx8Udr7krH6ojjR/eSjfYy6PjLWiaiYaB4d4/4"
    "X548sjl/h4xW0oOTz8X7/y/oWEfynCK2NOB/+5nzVjpfg/1u1W8vndzC1u9kE3fRwZv4nVJ83DPOs4kFZ8Iek/z/xOvcdPko"
    "vziQ3vwR8i46Os9aSmlbtE1+aR1n5LeZrGUV252G1sfIOQcd+oaf3IpfvfErPZ3JVJU+ssX8ZLW2WIjb5gn6d3fM7+xoHBd+"
    "dETbRbJ5A63voWkm/vfCm6Nku5TMT8hXR7OZHeSYDs4WbPy0ddxu3I9oyMh+HkdPAg0XnOcKvxWSVUd9H+UDnxGHXssVXwsd"
    "Yo5JfHy4xFGAnxnENy4nv71sbge/19H8jdliCzz5pGX8G08h9tCPb8pDHuf32dugrTWeZza2KX5Vln9Ph3e0uTehaQ5deE6/"
    "euS1GF876ZdZnrKYPmYiy37iQy78P8HXTBUHswtkr9K9YfxJRbr4N9vbrG8RvinkT8VP0zG0Pro/5ld3eftBulcKvSXp8fBX"
    "2C66N4S9CJvKTIe+t957tJWl/zXyxNeKfySbmeY8Kq6MR/Nt/MO7Yu0FfqMMfOe19cX7VPiUXQydy74q0KVj6GiF373Z8j/8"
    "YXZ+5BpbfvLh+HfaFfSpDt9wY3l8rasye+yG929b23K+IAu/vUD/H+jSrWJtQ3lNW/1+pzfztF3Fp6/kCKnoSG55VsrgC/Fh"
    "AJ3/MOzbzbedzypi/hp5Yz/VnP+gotEM8z9AX6/A+SCf2h4f8llPXjJIh6b8bGKE/CZL8nA9KBGlt55a1reYf/2dHR+mj2lT"
    "JqKS9KQPfatOVqu+V3aLf5uva9xcvJhB3k/Ig4/Kj/bZo1WSpx60/t/MkYfcsmuriDfvomlkw/j32RPyzOFs+yv6koUc96J9"
    "CHonRomoPZtsS1du4eMXGt/cfO3DdTh6SI2jWeLtKTlOTznQk5vJn2yeMu8L6ElNFveH2PCPuHFBDoWWRZf4MvlfP/PNpS+D"
    "4LqInyuttYrc+Q7n6/i+xWJGabIuyD/3Qt8tbOs4vr0hru+fY69lvix8yMfmGWn/dk6/Wmh/GH+IJHqXH97AHprJJduru8kc"
    "94R8njxy6bBGLjCDbm22p1nHD2yX0z0vFxjHZ3chi5R8yii8T4efx36WH1rnHWxsF7mdVNYMv93zfTXIcLl4uJPNf6xfC36n"
    "HRsYRz/O0KHWcsgbIUej53/KX7bS/evs4NMv6V3mRHTOmkuKucv4pMz0rPXHfLmN2S180Um6cY2tHuIjMlrjQr4+wS+Pwtfq"
    "8thV7KoU259OEIvkr7+Ryefs6AZbL2g99/MDtfiQx9lwXXgW0/VV5P+SOV6yB1uIX/XCdQb2sG6W+GXNveREKfCjNd1tIP/5"
    "RhxNXzIRddFnD9l/xS/8IFe7m47+gL5D5v4bD1fUoLe74usFvfng62Jiq7z6sMnFfEpBMvjAXukuujy5UCLKGXQGfT3UP8wm"
    "MhuTim+9P+QBd8ur2f4fbPwNcadA4UT0rHUVFMeP23N9z4e2QOt4+cpYPn4DP1PeXC+IOY2yJqKvHC/F12/C9R7y/x6fHiCz"
    "u8hyZLh3oHB8f0BZelVDrv0y2nOg9+mN/Jz64fi4tU/Io/lJsfG2PXRervsdm3vNnNXpef/bQn5l3w1/XvOVxpOL7KQAuyuR"
    "IRHNxIeXwvXPE/wD2a+hvyPo+Fp6us96axobfk9fAM/D+NhzVtiTJSL/+OhE9PAC9qCu+zfska69yPc8lD4RrTbXaPnhCTzo"
    "YT97Xjy9pKwk/uxgX3nso1PAXZadpacbKe1tR5DPd+TZgX0Phaf/MXqPzmpyglP8/t36cONRiXAfgLYN9rlCYFSW3tzH754W"
    "YwrgQ0Lcr8I3nLJvf4M9XLa+mcph7LE+na1GF9I4vtPxEnjSyJvr8IsV1aWX82zk56sFG3FcKFwPJVPqF62mz1WMuVUszql8"
    "XdvscN8GG61m7g/N+TEcF/QvxG+84riNvrXwrwvZP2veQeHaeVgX3OXDdW193mP/17S3mBvn7Avmxtdbl+uzgG5k4E8ew7uC"
    "ZHPamruFvbb5U4hrN9l//KAtpbx8K97e/R67Rk8b7d+y1an6F2Y/D1l/ZXFrEPs8DW8BNOSwR3pffU51zeH+eD4fKreqbs/+"
    "Np79AW8HfJgM5z36LON3SoR8Xt5Sjyy+WBlfV/yBrTcPtoOHKch1v7YL6s4b200edgDv8plvO1rTGjtSn0pozKy8BkcW5Tpx"
    "Y3O4jmzuy2Aheu7mk86B1cYMYRtFg0+09np8zjI8PqdPs6/lssqRfEnDVfHvoKWsowG7KkhHH1NXjr21M0d1e7uT1rxSew75"
    "c3Jjz4IRIdeXk213/Jh1/h7u47H/sPzoL2tPZY8zyLjxwf8a24ePXijn2gv3cesepLzLegqw3U50YoB1/qN+nfqi7GMjvmRh"
    "uw3x9nD4fZ2vugFvAq5GaK/WNo4FTzu+TB6P61fJmlejsZl+XfnqZo6fPh779tuMW/t+vP8ZRN+3m+Ne84VrSGnZ4VQG8qe+"
    "z1pPZr67DWNNxj99Kz8p1IBPEX8Ph/zlabpn3/eX9Rdii+/xcT3FigLGLZczbJRT/I3uP+jpFXKYYc88Gv41xnSD9yv+LtxD"
    "0IbPfoifvh7kFOj5Q06tbTw733sV3+n9CDgfp4tt1D3BN2ySC6xRVrSOG/aqi/mS29jGCPv3jfz/HnF1ExxTxaZW5mvruKz4"
    "U1F7GjrQiJ84ZPx36l/lS3MaXxruP+Twa5xX5eOmG9f11/ha/iXra2K/vZtvyvYOfHx2b378mD4DxbOicvsUtyeiifjcz17i"
    "vHEL+NhvtBf/jQ3Qj4WSkTlysJ70exx/s1282yWePc7nds2WiOaGPE/b6+Z67iD/A88Ne/rD6pIJVmetdQv8N+RX89F+h/pw"
    "PehuPJ0O1vOxy9RlMt/T9qf9xZiPkif+vZY0Td0NY74Nv6U7vlfsuRnOnNbaDq3vovM2MewMPtTLF8eXDnxoAWVK+dEWa97B"
    "Fw2gu4+TZV+6nIEtt4a/E/34dbE9NLyd7fMys689++PrCCkRmMY85bU/Zfww/H6GLR8j9+T27qf56kfMeR+7m2kNT/Hnz+h/"
    "k3iSWErnyCTcz/GKeZ7RPkH9Cn0excdm+o2FLy+aRmjLz38eN/dSfTKHa2LoWci3z1J+jt+/4WtY1zz5613i2QXr3hjux6Jb"
    "o6xpORyZyTCXuTaQZ2e58ot0bwY7fJEfqsu2+8KxXW50j74Tzb+HPGpj8Nds/GXHW8110Bzh9scUJ+X/bOmKeZ7Vdyk/fFzf"
    "AuhvxuZyyiMyoH2a+kVi7X3GLtke3zfXkx08LP61nM6G2OwxfuEKn9qLjLqH+5bkzRfO00v7lGTwb+KT3yeHdxyPR1t3Mb++"
    "WJDJ+Nudd7SG8WiYIYd7N+zZxI0r9G4uGn8Cd4vdG4J+6TPCeRU8/0D8exQ96S7z/fjcjJPpT68a0qOFcoUW9iP3kuUwc653"
    "XJQOT7f2Sehdq1yAj3/2C/cSJf79rSWXnLYVW71Of8seDdfRElEra9kpx7lm3nboOkZOM+SPXxtTRM75ATlxN9Fce6Xa8FXk"
    "74vfnIgyiIkZlXnOih906JDc/zY+az5ZjuV4D67jw9DbS277LZn247dGoO9F9vSE9dxpDTno5Ca8/lHeUA4NdeRMf8vpfxZw"
    "0gnYxdn1cLlYLuN+mxSuycrrforzkSedj8SjFmT2ALlnkC/tQOuz8J6Tz/RHa5rsiSid/KMo+ZZE6xn6/ARavrPn6E2etzs+"
    "QH4d6NXN5PkRWjvxw4/LCTpZ03oyHCqOlGerbShUSzAY/kfl1M+a61E052djJ4slojvlN5us7chq9NLRDubMZP+UytpOYODf"
    "6pfIc/sVi/37ZHaV0f7jJLm8yE8sQ8tPN8e2lIJMpsA1cKi9Hh83lC23g6sxvO3slbfIiR9B7zvyvxXGbJFLH705/GbEV8Gz"
    "1dyb+Is+dOwcvZxrzBr4GuJVPjIvQ3fy26M0WBJFvzifTzeniLEtw15frlb9O7KwX99B1mvwerr90Tm5xwbx4dnwWwPa/7Qn"
    "mm6ud/jzDPZrh/jrhXLOyWx/LZvdi+ayfHVvfHmfT5rF3/9IHgXE0qvmLeK4Cd97TP5dxnpPiV39+aGP4H5jGh1X1iySiLbh"
    "9Z3hnglre4su9GZTu+QRp+3rT9OLqeLifPlzfe3D+OzJpRPRbHr3ivjXiA42DNfRyOAh/CuLRysknG3Y4BP6X7QvHCMHW25t"
    "Hzh/hOznyaePlI79R8hFOtmTHNO2jBw62TtklsdsEKe3iPFYEZ0K9zdqe4StZBLPd4W9lfXvtge5KkZN42ffsw86Kx9sDHdJ"
    "dpobT3fQ+1mH6DGf2S1ch8eHj+n/6/TqI/OHe00+uy4PqRX/3v5RuE/H3i+rOFGH3tThQ1fC9TFfcVQ+UgXfX8eLQsYN4leW"
    "kuH1NeGaWiJajJbz+t0p5nfhs37gUx7l37raA5d/IlxTSkQ/S7ZW8kHL5T4T6H1ffqu0eD7U3qkY+aei9xvt4Uvyfyv4l3R4"
    "/zMf/blyDD85CzPmyT3q8Cud+LE8dPo8vOvYVDuyrk6XPhPPNpDrmrAH4QP66XeHto5oq5Atvl/mV3XJ0VQoXyLqpS29sqOy"
    "CBlsAn2N+5je5aVT799GD/mtR9Cw+754v1CA/0pDD2aYJ1z3+kjf5/F0Nv9zhb94ji7czWaL2GN8jL+PkO9ddcLeiA3D9VAp"
    "MiOTItbYQL5w3twvWMdBfjSZ+c+lS0RD+MKfyGy5MWv1mUgfHxRLD6AhhTyDCKKP0bacT+wlJqxBTwe2Nc7cp+wNm7aN71Hd"
    "aHxTOcN89nq3QYfx7P5PxCE5V8enQ26eiNrzQy8Y05ItnNR+uUH4vVQ+woYyoP1cUz6S/WVSl/PORFRcTDuMR+WcV5MvDRZ/"
    "z5LPEzkSUdpUcqyc9qbawu9Lre5gXy/guXIQe6pobEq+sY8yOZrzfybXhKuEpKUZ2b3AxzZH0wx1XzaUg8s729rnlxdLW4up"
    "NcnxT7JYpMwFmpi3qvZO7GCUvKgx/nzOh7xuf3teDtyUzq/Q/jn/HeLmdnHyI/J/3tg+8ofdfEUpvuCgPCCftmfoTXN5/KPo"
    "W8X+mvE5a/W9w9oG0Yep9l1prtBfeVwB9rCucfhNKRHdbr1Z9G2O7hNkGe4vCPezfky2Qy+IdfT6Q/TnoPu94X6MfL/VNpWN"
    "FMDnoeygBB9+QdusS+G+IXkzndoEX40Jcr0u/K22U+Z82Vxf4sctZP0Jnz+bv9ovb3gDXVfhPM4/zOWHZ+BjuI5xIdw3hOcZ"
    "rWEfPfricrg+KFcxNj2+F+Vb1tO7Kex4sPITedAwfvULevehWDgLb7OLP7/BV5IMH+LLWtGD2nS6DHl3EWOblU1EL7OLEmJC"
    "J74+H/+3Fp0/20+kNs9hdKWaKicz33jxriC5d0RDMXrxp5j1m/O/+ZoS/Fcyfv9FY17gFz6EP6t4nR+u6mR0Be0383VlyOpN"
    "9PSDLwtHep0/nhU2/vAUMOZdcrzLuM3aS/OL2ReE34/R7/wPdrITrx4i/3P67+aTv7XGi+bsZmz+cN8CO33RGh6jPw+zjzP6"
    "NbLu9M77npKTOX+c/dSyh98FV3qx4Bbr2RaeHTCucHjmhBwe1u828z6E/1fQ+4E94ETz7qVjY8hmI7rKmL+EOR+GIz1crbXf"
    "LC5UdzxD3rAN7/5C2wNs+kM2sQkNA0BrPPm+kfXon8s8M+hrF32usreT9tYz6O1DdD8j+02vz3B6tAqeFGx5Kd9S3joWIDSX"
    "GN5bfYixLT6nR7vRSgf7meNHucIqdb+js5n+n1nbnfZdU9BXF77W4fclY3fi6yL0tLOGZzeSoTj9OF9bQb8f0FZGfSYx+JCy"
    "mzFb5HZ1tfUVM4fQny1i21P6TXLcR1tRspwDx7f2E4PkkwusoffDsY7UdPyIGPEW/ucGG/X9kC7+JDYe44t+qxvfZzLS+FLk"
    "sVv/svzCcPuUn8i+abjHql58T8GtOePfNTrZD6UI11X41ovk1l39PH1rBgfPJ/6i/jH9PnN+U9OQh8e/+/8O7pN32OpHd5Dx"
    "oCz8m7ypZdr42S4qE31XIL6+nDBHYXOXc7KMT25m3B573K3i7H68maT9PbqWW91wc97NN6yUW6wL49HWPOgt3EPlBLXCdV08"
    "mIWmw6ChvGGuCduF34jEyBts5xi8max7qT3oYOO+1+cbbRfR3B8dPfmuG2gIuWp4Zog7jkqif32d+L6EbPzAUT68lvbK8OTB"
    "l3S543s1amhvh54EGrqynY4YUBRfKqjPQ5+ryzNmkcXd9LGXXLczf5hL/WSyKkunS8iRsspzrhnbRF422jzPsKU1ZLYfnr/t"
    "E4qCNfo1U5YQG3qT5R90IF/V+Lekr8n5ED96mCxH2uNloCcX0HbJXNPxJ53coby6TPpVwY/O5H9C3yxw5EVbcfHxGnu8hx4+"
    "xz5mwPEq+qvDMV+fc+hNqFsHRwY0puYnj+Phx9qXDon1cYW88GdjWod7Su0D9tOpAfg327hn9I/C7znysBN4uKVO/LvkNLia"
    "1A+//cvNrGtnkBFePIq/M43ZBe7SXuuOkDvwxfXiZwW69Yp/jxuDpxX1GRCeKSDLTOqaTKQfco9n9ekofn9v/lbs9zfjGrLd"
    "+tb4mboj7K8O23gX/k+Dv0FDSfadSUzMm4Mu6jcUffPD76L8x2awTvvH5khrrzBKDjG4ZRTVE7NKi0VP8Bn5+YQefEN++vB0"
    "8PvsOJm2cfzWbfZ4s+n1QTQcCc8Y8q+59K1d+t/H2f6NZZPh34k3Ey/F9wpWKBTf/9QLrgXheQTtC34P1y7FM2Pv4xdX8bUv"
    "6P8uf9FC2yz685nYMQ89efBinPy3GL4P0L9zwK8cqV8m+cXzcrOG+qxUt8X8IS/bEa55k3dIhavTz95oXc2nvQzfNDnIfmua"
    "6bg+WF4yXC9NRDejIw8elmbkU9DxvZx5o7neYreb9TsIdzdr+Dr8Zn1ffN/dJDrTD60z8XiOfC4z/jdB9y4+8Tv13+t/Dz0f"
    "THYdJOTp+IoP0LrfHuI0nq7G97Oz2Tr8H5HVlHAtUftt1pY+dSIqjI4F2pbQt3xkOg++6nzVTdpfFH87iq2fqJuJzmbWt+ZV"
    "fpgPeFk+eNrY3cbeqf1J8jpjzFzxdps89wbbmWSftAvMt+7F+m5wnEafIfg3xBrS2fu+g5ZuoZ4tDJH7vqA9lfMsYtJltvG0"
    "+QqqS82fLsPD9Nb4XvgN0tg29koZ2ONB9avp3y4K8qC++eBOa92P4OcXaJtDr55C55/4eSl1FI1lD6vQc0HfoeZq6fhV62vD"
    "/q8RaFW4q5n3hLai7eL914qMckFxZi9/c/YPfgSuA9bVzjzvqnseXcUcv0rfQ/4fdHE4m3uZnA6omwtHceUk9rZZv+Zi4Azy"
    "2BFytC/iZ2yCjK6i4QE+PAudWWPsz2jLg85udKw1ei6YZ+IkeoU/+/HucTZWilw+IuvdbO8HY8qgub08apd11OL7J9Pb6Wit"
    "Ds9dYu0wY1qB+eL2VzOiaIT5fiW3vcPQr+9JNG22/t9ejq+ThPtd79e+0hyt0b6ebyzgPJ/6UfTgc/lwTrJYKNfLibYygsP7"
    "8C9ZFevZbD48lX31JDxYgMYH10fR7Xz3gfyJaKHcLGPY2xufmo1Otkd5jH5sgneuPKOwvGcqne6En8PU/Y2m7MobIednS9vx"
    "ZKU1HxbvSk+Kf/Mdp32LnP9z8p/n+GU56lV5Zm1ym7dPXoZf+x0vtP/bSjfuYSsN5Ma34cdRueZF+nQPPifEget0fR/+3DWI"
    "P0Lju+DQOXqqT1d4w721leThI9E54rv4t+Bnw/OT8A9k33+a/5wxO6wtrxyrXGE5JT7XtwfN1Sze5x7OkviX7+H66Hp7gjPq"
    "5hrX1JgDe6LoJbh60/Op1rzc8S2j2BOcz1nTo+h/R/+e8v3ldPsle4sp6Foozm39U27Exg/wD/vsgdfr95G9VpEz/K9yr714"
    "E3vIrHj6JPqn2+f9kYdvg3ee9a3Q5y2xtUl4Bl3efclevdy+kDskorP0ajz6Wujzrbz/NfMsBMfD75vK7+1Jq9PRE3SjCp/1"
    "D35WFfPz0Ktkcu3WcHax5uFklCJtIqqbCg4++KYz4R7NRNTIOnPh7fvWUh5fV7KPVuxsXorgWxJRQ/lWM7IuYo/+Bv4vt7/4"
    "Zne8n33M/G3kRWlrhPsK8Yacf7WfHSVGzJUnXcPnN9Ednl2bar/ySQd6+zMdsv/7EJ598CbO03l+uD45bNxOvvCG33BXw9cy"
    "jT2POcaJwV9Giejrv8jD3N+I6Rm09UJ7IbFmIPuvZm9ZY4t1i+v59tqbkttndLOn2FeRXx4s3qWB88Pwmx2b6g1HGnvoNNZ4"
    "XdwsHPLR4C9HykXJppX6KmLBEvRcsoa+4kM7vB1v/7UBv/uRyzP4VBtvs5L/M3Vie/mNftxqz14X34qR99t8e1t8fo+e3C6+"
    "TWLnw8WzlHPjezDCMzgTnwn3FSSiR+Vwz5LxjhHyGfM+a97wm8TJA+RFphfsRf6whuSl7U/x5Wawz9zp+JxH8f5pPuwgnd1q"
    "XLhm3ce8c7SfRcs+/BqLrhnKcvTxsvqwLevOVtYPZG9h34ifGV5k8/RjMH+xyh4mP/qmmPOuJ+UlbKbHLYmoEh9TiixawbXE"
    "mvei45wcqSobegPkpUcdyGAEOtIqc6grIYe5T79+xjaG43H69/4U+wxzPonuB/nHCmjaSm93iDv9g//lV6+G67bgRT5njrYM"
    "9HMz3/E+3/IFH34vfBPgPUwvisL1G7lvxuNxjofL3W/ZgG555zD8fA/++to+YaNv4MEBvH6T/79POT4TXTQ2XEfJAOcTaD6E"
    "f+fo90l52bRSiahCuB6pfUq49mmNrwf7sJ84gw+X5DSX9R+PltVkdTt92kFX8h3nb/Gqnnx8v/k7m3dpnVj/U92L51vxzZjR"
    "fNQoOWEedj+VnXYAxeSLFc9an3lfxoOibH0Dn7YRvjT42l/bRDL64hp68bOUMQ+3CPfNJ6LmYss1djWEr3pU+2WwHqwl6yFr"
    "+QA4crWnh8vMYS1fgnnhGgF93RWe8YQ/m/Zj4vErxmXSfopO/Cz/2a59AR7NgOupF+I1LRBvt6gvR25T6fGj/MwKNllf/U1k"
    "cz9ZrQNf6f8aqINfDeDLx6+cyYtfnHlPdXvlv81Kka8+f8B1B7lv1zZLDF4lJo6HIy2aW6i7nbwaofHQC/GzpjvFgeTheTy8"
    "ehdNs9GYjs/5SZ9P4f7A+bi9cWzfDkfJ8I4E5VdoLImXF63zKNkcxsvPyX9+X7Qb0wu/XniTnqh//DlrEa8GGbfYnCvAXvXn"
    "7eNyhGuk6k+g+WPlbHO1FE+/h78UXf8NH3Kwxb5y3dftlarSh8fg3mfejvo3V/9QH7xRVw/Nveh4T+M20uWX8b+TPoPwIOsT"
    "bNTaB6B5obmriicrtb1FF/fBcUTfxX+bx9hBcL8D5ytyscHqsrGfdHxEfvTuk9c2+CuOtXmMP+J44bJwHyF/z0a742F3uPuy"
    "41r4/6H2jebMhb6L9PSsuVrhb3K+/Vdrqyp/uIJvc7Rvw6/15luvTwo4CoF6xhyH5xd8bcWmtqpTFX2jbGYf8zx5HHI8x9jj"
    "+JrNcf3hdHZtfI/x5+G+NvAyf9EYnaetK9zrsyP8/pMnfvdGZny7qG2y+o74P5D80qrvjBezjV2nLI3GA8beB2bok0GOsEVe"
    "k9a8k8yz3bzdjWkirmVeB+TmbZ3fq287c2XDg2XKJRniZ0gvmrONMpXFXEL3T3DcD56io+3Fo0185xXnn8Bbhc6v0P9JdJWF"
    "r0V49hhNFcIzxeZoK08YHPb6aG2mfrO15CfvLOJSTbZdmG/ZGp6VRPM3cFYWK1Ljz1vGjzZ2qbZK4fdSdHfny7eg8yQ8CfnB"
    "U9rXPwjgmQdaOX5F3S3WudtxDvueR9RXh/M0PKW0zagWv0clvBehnPaK4t5J7QXUjWgZ+8YNxoy4TU7keA+fc0e4TxjO761n"
    "ZXimR15y3F5zobqpYnk9azgj3+tmH13I/mVTeOeCfkP46YS4nALsd347HS0njyh9V3wP8OPmKGjsGnvRj/mXd5z/rD0Lu98K"
    "16xE7O+Kp4zvLapirunaHw7vlbkzvtYzREx4MFxTdlKLn/oxvTxLfW70jEmX9L4SuPrDuQeegtqrJr3roiz7Shb2oeZYFJ4f"
    "uDm+t+iJFPFzUgOMyxd8kLl+RO8r4X5V53PAZrjWOj/AnzY2b21+b0oa/IPz2XDfZ44QP/Amd7jmK4ewT1yVLVznt1doHj+7"
    "2Mh6U4qzqe0blyr/tFcbmDzWpyvh2ou6px6M73FumT3pPnCyGG7enco7i8Kn74KK4Tcq/pWMW9CVrHRt2WPh/nw2Fp6BpTd1"
    "9Z+grVWR+LnMXORazLpnmGM2HKWMvxCe/Qvv6tB2gw4soA8D4fqEXj4GxzJQDyTozUlzFaU3H8I5E3xtXO7a8gJjcy03Z3jG"
    "gh//ln+dasxl5SZj+pu7iJj0Hf9yxPg78SGb/U85Yzfos874+625MttdxP/uRFNnba+D8+p+FAu+1u82OL4QV95y3JztPQJv"
    "Bvgy6tPfPL9b/1R0rsfbgeb/Jxznohv96ZkYu0efh43pYp3btG9Ff0F294rjO8T2u9nnHeysKh0+ah0FpsS/5zyK1nH4/bOx"
    "z9GZL+HtOSl+L0o5fBzDF4Xf3DMOiK+JtzbuK/lAbjH/Ub6kJF1oGfZW6+J7/RrCOZLM68oXH6M7hfBufW45Yfh9Nfx2oG9z"
    "9tKQr36F7V+zD61qrzI97D3kt3+G6+/8V/6u8buBzvDtKeUiB/j8pvaLrewV/6Bvh8Wmp+F7T+y5VzwpiKY3QRc5zjvoKsbf"
    "NrRnOIr3+cnk3pAjXI9j5wh7jWc68dny+8N07z463B7+7vbLFwokojfCfktsOVhFX3Q+Y8xb5vlc/XV7h+3KlWg8Ln6Mwq+Q"
    "f58gi4sZE9EP6qvaJyS3r52KJ2XEqW/FsZ3O9xWP89vm08kHzq/54w9A++/tDcP13gnx8/6HvmKH1lRG/VzyH2fMHL54tbIC"
    "WEHXdqOrrjXdLtZ0tY4V8AyTN+xXV+OrOEZ8hs754tZmvCoihq5R1wC+WT3o6b5g34nod+VmZTG5/5PGTiav5HLz3HAMDPHU"
    "fmEsu5pJfybIPYqTQSb2UcO+qM534T7XRFRCXXl4ztmzf4gXq8L+z36mrvF/4sc5tp4Cvhw/mMNxDfu55fiSU10H4/4h+5LG"
    "5aaXS9E8nt6WOSRmGfsqHn4dng/ME+6hT0QbjQv365eAK5/jEdrTGbsSrw4Z28eYj60xcn4NX75hV8PACTT+OTL+jaKvtj+s"
    "t4B8taAc8WvnveDZqf0u9S9bU7g+8BT5vo7G+dqetJ/dq24PuRWQw81Sl8L6DtCd1saNgeNec8/gW7sb94D5yrLfUXgxBT2t"
    "9LnJGvo5b6VfWXRkNVcnx2f4yYeD3ZDfbXT3Gnnl4NfywlEX7Q9Y66trY9m+RN/CPvgxUJhO3C+nHeC4o9x6CDsqEPZ6+vUn"
    "0w/tLYbaK4ZcOq297mL8uaBuEr87j/+Zb50HrOs3ff5B4x7zteHjd6i/QwxaJ488Y0/Xkt3vtb72wRbg6UAOjZMloqKbyKFY"
    "IspvL/49GczBz9LW/ou5t9wgF3RvomtjKPffxt7Jdiexjcfp+GV74U/x4t9r/SVivblqD1PU3u6cvewRvmAiPJfJcHv4zRre"
    "Q//E9390gPsjtrkBzq74dNm4rsGH48dotJ+2zjfEvMXhOQzj55uvaNFE9EsbMZ4dZhfDjqBpXXjWepA4zy7vAbON+9p+6PvC"
    "dJqPuTZTX36iDzm90Dj+jeABvnatfdG79HiLtgfDve18ZUr723AfwC18SAV4T2q7ckFuZh3n0NJJWy+8Gmqt8+yt11rPBL4/"
    "p/Mx1l7dnu9be8C9dHqGutPz0Ggt+e2lz9t7/ai+K5+6lZxT0Lkj1tvdfvMee/SD2gry48/Cf40+PYy+3eG60310KlxLJa86"
    "9oLZwPcr5Glytp78+lvsOdwb1DldfI/JPWRe3diQC+VGyx+OO95Ph8SUCc6bkt+qnfzlj/wA/a+N76PF1GEXwrOtiWgk2n5n"
    "ywfpYVUxpKU8fidc08I72Iz/x/jH6ciIV+J7jB4zfrhx6dQv55MXO/4Jvd/yQd+ieZoY9rQcrSed6IkP+az7b30ysoUHzbXZ"
    "8ed0sL11teAvesM5NW/8nNkxvLuCL+3p61E+ewJ88+jOwfCuOnQNd76Ezq9+X/5Gtpcfi68xLeDHby6ZiErSl/pwDtAv3C/a"
    "oLTc0nFz/O4pT+yfKxE9pV+vk45fEqvoz9fmf0su9Uu4VmGdz1vzerKtw3YusOM3w94d33PJ5a+SfxfybxzuJdP3s8F4j94c"
    "1nVCDlODLvaV69RAU+WzISdNRCetsx1enRRPrhVM/PuOx5fs9cPzo7mNvdsaiooteRfwNeSTE2/2dYzfy5SsmHXlDvcA2TuB"
    "G+jpi56C6punC/vcRLSP7NbLO283x1W52HJruYI/Q8P7GOV7R8T1941tEK7biCejT8nx5SPTT5CHfWRO+4ktb1s/OiuG5134"
    "v+fo+jfWuosuPpkfnmAvcoc3zTEcL09bb73MiX/fmTdf3UD4h5J/mXCMv/PI7zXHleD7EJ+W8sc/Ksvh/yA+Nbvj+9HSG559"
    "ePAm2grYg9dfRAfQc6d+TfS5g897lq+8w/ksa13Ct+SgB1PI47Kx3cjoRIhljufTxcrmfJVPzprenH9H/z7weBn9ac3xM9ls"
    "t+Y6dPWLH+L7tOegu629Y05z7bCXmcwH1+LH6vEzn+Lzq2AkXfjKOnfJywfA2bhT/NvFJDbYw7haD/Dn/OVT4t1gOvA+fXo+"
    "+Gz+oKv2qqCSOXPKWfbMwUf03hZ+h+TLc6CzEntNnyHQmfj33ty8aG3NJzxORjPPxnus8vKbOfxYBbZ34+P4+eB+tyb+3RN1"
    "t478++Lfbp/UryM8d2u7V1w/nZNdmfsaf51R3U9oCfLoDMrLMb/U9js6U9LLYXi4WxxcJwffQH7VxJXHD/Db1tMFfTvwpDmb"
    "eg3vdvCtNcj2M3ryZ+AdOaTUPysf1Rfe+8SrQ+hprn7V+vh327H/xNeTJ6PjS/QOgK/Oufha5iP6fw3PX8pr6kqj5QA9fh4v"
    "rhr/Q3h20fE0+H4ng7T4Nk9O3odP+RA9beWszc7F+U2CrmV0PJOdNpWX35QUhzPAvUBedBm+w4EuvL3d3J3R9TJ6fpG/t9C2"
    "iz3uU/+tNT6A3u140Vj+PINt9qO79wVbUX69PL7f6x50LybP7+hdKfNe1f+M+unK7pvCuxIS0SI0DZUzN0FLZvQ3B0fNnw1f"
    "66CrHGhnDV/Yn6ah63/BeScdqgfPYOPOwltQ35uP4e9WvpN/boDuCnC/Bnd2dLZuE/92f47Msj0iZpr7hvmqsus3rKsrvI30"
    "3wNXbfzbrgz8fpu+1NJvWLA5a2upbgvcX/FBn+DBfLRkZQfhN+JX5ddj8fhhvOhs/1EHnqngnDh4Ur+3tL3KT2Zgc3nl1W8b"
    "t1DdVHrzgLXMmS0mJBLRJXOtBfPBTj70GF81gF4sMe/WTPH9Bk9qO0ifS6GtIxy94BtrbS+b9yV9F8E5Q11ZYzLj9Tp+4Qu2"
    "Wo9f3W+uMcYtsv9rwn9kNK4xn7Hvx3B7RyL6UXtWdT3x9ht1n+HVBnxcKuZlU9cUvrFsfonjm+HfYjN/BE2P6LeZLjysrrlx"
    "bcWXcH/fbHOXEk8bGLeQ7lSj7/3Ox884pVf3dXjHp3HPhX2g/XYET3E6vp3ffxauUuBX47qar7PYMgTu1tZ3dl/8+94xZQry"
    "2iK23APvHnb2OR2qZA3D4aqn3GRsRbIri453jC/qfB29qKbte7grbNYXLYfEyhfejufoauw2PneD4/HafzL2E/M+iK6qB+XJ"
    "YA8cG+wla1vLp9ZZWHx92nlxOLbCXVl5Tr9ajtNr2+z8C/0OofOyMXXhPabuYbhLo2OL80Pwr1T3EDsa4Hg/O13NnuaFXJ5f"
    "/cOcm9T3OhjbYlM5xB65Um/5U+d37DtmRNF1ecYvoDd/81Kn2DYPam9o7oTzf+xD71TmpbeFxLSd8Iwkh7lwF9fvA7oxzTre"
    "pk/Z8LW9cRf4+Ezhfgf7z2t8YVVlNWN/5dd3hve3antQXRl77C8bhBtoxBF55N0V42sQkzrH74v6mr78Wp992GeP0W9HAT6c"
    "ntSUqx2jRwXs5y9ZZwn0ZYfjE2Vb9BbFhzr27CPksV+oOxauCYT369KnvsosYkYtOnq7vg+h6/rj8Ts+x2a05zNncjnUCDQU"
    "5MMqhv1/eA8e+Alvcuj3j7oHrLEj/t3Lj7w1I37X2I1wnZis7g17G3zfq64tPidT7rO+yFqepzt7yHQpO2pJhu+DOfTnO3r5"
    "Ml3sGu4Re1KOT6/niDv5yLcbmVeiT734ne/oRs9D8Xt+U9KVmfzZt84zk2sedKRmr3/C9TDbvPoZewv3nsrD3zNnZuN/D79H"
    "GDfgEvnJLR/gR24Sv+dVxT8+KDdcK9FUR7ya43gMnS7Pz4/uEu6bSUQ94HocbYMdvyWXWN1a7vYTm5WLZTN+X7gfXC5Qimxr"
    "ywtDbvJryPHR/w4a3jJX+D1iAloG8pkfBX8n9r6MzqaOP9W/rPrbrOsDMFfetuJc/L6ofmTTNLzXytxjtoTfuxPRF/+E91ck"
    "om1ke0FOWybE2S/kyvYiNfmozOL3JPx7jo/rbF/wpdiQxVyPpE3862tLkemV6+GdcYmoGrw3zBl+o7gJffWc35qdb7WW8p/L"
    "U6y1IVxfoq+udbYN728Srx56Ho3Wv6wrPy+mvPNoeNGXuB/2DPzo52Syja/dhMb24X6ER+J3SV/QfrpleBYn/BYqn8eb8N6j"
    "cuE5sprx9YER9hIH7UtX2GPlkkdO5ccu0OmP2EfGsWxALjM43EdFPr+Hn4bGGA//RnzKHsWxc0IH/GU/yewXJ94Wv6PpZvvD"
    "LfKO5PLfJeoasofm+JiLX9vId75XTkyyzzxv7/EW/V0WrhWTZxP1x9nVUvr3kRz1Z7pS9mL8Torz4Rlj9pDvx/g9gsd+FQ8d"
    "nxd/1smlL34V7uukU6/xA+LJE2z4Aes8/x6bLxtFp+CfdJh/+0Z+xGdtWCVHkded1+eavU2PPHJn9PSz3kHhvvLwvmnnk8Iz"
    "iNqP0IfeZPoa2baSy5eWyza1l/nM2l9jR1Xkg+3Y5U9pY93rbd0/4l8b8XROpkRU5bvwvmB9wnNFxv7IbxQqKJcI75G6OX6e"
    "tLY1H0HrNvnAfRPIlsiqhXyNPhRlr513sM/wfMmr8bMRVcg03FO4hN+YTx5r7Lkf6gty8BfDjBXnf/6TrOwtE/bc+e19C8iL"
    "s8lxy9LNX82dDmxtHF/zWEBXKqLhFjCawAfyl6PRkRKvf1aX4F+WLBYz4O1NV9ZvE6fCPeG/x/b4Fd/5tTUfxrfl/E0R41Ia"
    "t9O+ZCN6bzg+/0n8G28bx78acx9eNQjvsqbDS/n/FuOtX/79jDi5j1y74HvTK+zTWgvu1o0NVkVHQ/0/Cs/R/8ynwVNAflOH"
    "DMrDPQvu/mLIc8oN8qCr9lMb4Rip/Q129CFcPcO9mvz1anvYq3jQlT86Vjd+H2/mQL/1La4WX0vqQh576dqy8B5Dtlv7dXTI"
    "11Owrw5wzuVDerHf/KnoMz+/jx2uIovH6W1ndnaNzY2zronifSp1te8K3zdI/Ps+mc189+ph8X2aJehtTj7loLi3OtyLTKir"
    "7a+6W0Mue9IP9Z+j7rtq8Xtgx4V3uYgzE1fLQenKSjr3pRw1vEeutj1SdrL+w/h32G9FcxYmz8vk3M8+J8ssuXl4Dp9PePD+"
    "+N1oV/nQMfXwQI76KjyD6FFHxzutbVt4/oj+1KXHX4Rnw+C7+Y14L/sVP9CBb1s5Ml7LK/qnoJdv0b11fMb+ovHvlg3VDcPP"
    "j/ndlk3jZy7uJK9M4dmz1GJmuMcM34+L1ZXD85r09E8y+lZO9pcxL+HROHH6ydvZGb84AN6U1vEeHzSQT+4kH5xeJH6Gs+P0"
    "+D0dFfB0Mdxvo//7XeE5EvYhJj/Kbqux9e+tcVUifgdeWP+PfM8v6BpI157gt46KTyU4uzrmuMivdQvvCJQndKQzs8T6Z2rG"
    "7789KMb1osel5Go58Kw93ravEd9XU5lPa0zfHqUHJ9nwt+Lpn3zoOLHqp7CnVj+TH76C1rH8ztP8ZrVwv7D9zjN4Ugk8ujWW"
    "zQW8vt6WTyOvTKPtuejDKTo1iN/LMdA+l/5tuByeYWFn1cK7LRNRFvY9hp7cXjzO81ej9fb05EKehcXrjPKIJXDPw5dk1liT"
    "7YTnsfqz87/ShHeZ2++wxYxyorf46p/o2Up2cIo+9l4Vni1MRP9Y049w9GY7b5LJZv3D+9Vus3ctzu9eJ/fDbL8rvO+xm9n8"
    "fz56+j5ZJbfmCmz/Kv+R31pO20c/bp4x5J+wn8mNj+2nx+8KWYnGtmguoC0rvH3QtkQeWJNP7x5umu4a3+f+LJmcQssROjiC"
    "reZhB7lbx+8p/pn9N7Q3XUh/5tGLIVvi652bw7tP0JC1GD6yqVTsfZQ+95PpQ4XiPXrQ51UP8LfNyI/+P70w6AUbkyM+zN9l"
    "vIp34kcHuv4yPo01/jQZ/z063CvGfson/n3Hf0b+/1fyqCCvfTE5vcGHfXAUF5M/oQd7+It6ZHzA2pag9R36IQREv4TnW/Dn"
    "R/P2vBSefeMT9LtETreJIQ3CO2rpZF1z/MNPppVftCgWv9PzN/ub2+niWWupLF/Zy0efC8/yiUmrxd7n8SF1NrbKDqbLNcri"
    "YV/78lNy3t09xAc69o94nNOYL+n+KjngMn51I7pfk/dU1n8b/z8+c+zfnyWbt0rG77oI13hXGvcymorw28PNtU1uVIjPvAnN"
    "FcTvsfaZo8XbjOF9cnQvmTluJML1Nf78BT6CT7vLmq9ntUeWS0zhs1eEe9/F08ZwX+SYioqpt+PfoTHxnmx76ejfF3CupZMn"
    "yeYRfKhD5kUws6I8Ktzr8DC/3xXdi9F/HH03hfvVzFEBjkLoeoGdFOULWvIJ6cOzEEPQiq6f8K2u8830eVV4fxg/m5H9zBXv"
    "j/NX9cWd+eT9JRom8WffbsdDaz6lrjN6Z4JMdKYhesL9Gc/wRU3x93u8fgVtTywJ7w9jv2ztvLqq8owD7DoHX1cZj0dWjfOa"
    "YWJrdv3OhnefOQ7vLS4dfg+BN+DeYm3fhffsoq0lf9CDLfzp+MHwfB3awjv5BoV7xdlss/C8orz9PmPeDu87uDkR5asZvz8s"
    "vX53/xJ+uxarxeHUYvAA8bk7HxReXf8yX51X/0XizPv2AkPkWl+K5R+Z523j95HvrcXi6/UXM8bPqZanJ3PgmLUifqb2KTab"
    "ilybW8/48E5UZdkovl+vKv9WH413f41XdLqr3CHkTw3kN0XoX8jD09Hxavr252uOGH9JTv1reO5N3LoNHOZr87GlWvjQ3fqK"
    "yOG+Mue98AwzbrJc+Hy4FxG/G5JBSrFpCB0/a42HzFmDvxv9a/zelveMKSf2r8HjJjfFe50tcHz9IX23v0tL587Q28/1G2I/"
    "9Ctb+gctm/F2Mz++n37/ODW8XxBfx4f3WCWi6+JNafQ0UtcYbypvCe/uMQ/a35RHzeHzGvA9czvE1//u47dW6/dKvvhdFS+Y"
    "+2++/TI9a2Gv0JmsR/KNmUrG+VktNnAfe/iNLw3Peb2E9j/Du7/Y3DJy/oWfaieHHyp2HoRvLx1bbw9WD21fkWFperOdr6jA"
    "DnvgxTthr302iprMC+/oE4e0f7oifra1NcgC/wY+MEe41zz4TWOrqJv4rvitX4534ndWzuJ7F94VX79PXyTkZ/Ij6z6DFzcy"
    "BnuUd/D7zcS+I+GZ4fDuQLFgz8T4/r+PyTW5uWvLG5/4PH7n7VZx5Y/wWzUcueCrXyR+92dX/rI9fiyUD2QRnz7Bo8FkUjv8"
    "lmK/+C69OaF+5u74Poeng284HO7lk7PS0cj5mY/xFU9a8xdVnKcxtjKaUob7HYwdR682gwJwhd/oxhpfXb9n0PCWurfNnyPc"
    "qxHehzY5fjYpJ36lqht/Y2X7yfh5qeX6hXvksllfwfCeTHFvr7m+Ncd5tpuann9qjePnhxwszkfDvVft+PBbxK36ZL2CX3rs"
    "y/gdVK/p+w0/mgavpIJREbxZUSY8O5WIprCVB+hzI7aRzLxZzXFdvlNN30mOd+nbNfg2x+F3+NT63IOmvGGvZm37rD+nPuG9"
    "XW3Z5oN8xMfWu4i/Tw1nRRD2Jlvkz8+EHJ9uTeTvL/Bnt9C5Muy4uXHX5Eif4FG5wMd8iWhauNYul3mIH5xtP3XQGk47fpKt"
    "tpQH52WLDcO1pZx8Xtg/huc4w73VcI3V7155yzGyCs8DHsPvR8WJP1rF735aCf+T+mWmu33sk0vjw5fi3UD+ZKW4+5a8Y5c9"
    "dmP4qvJ745W94GgV3jd2q/wKH8I9y3Wdfxb2Kvxe8+Cf2FZReWx7/R8RjyaHb4rBvxu/Pkd/Y1CCD3ibn2linQl8CL/xjmQb"
    "DUD4fSQ7/cmXOREd0v4L2y0rryvDFj+ST7yqbrpcqs22+NnSF8ybgk4O5q/asZFz4b6zveHd1/iClinGrZFbPAZ3DzL6h609"
    "Y12P8GkHxNq2ZPjSM2gnk6N54/f0bxdj6/AvT9wW7q01tzy8sX1k1tvj/WR28X9JeHex+DefDHfSx8t0uTMZVclPF+Sai3PH"
    "72pZHnjxWnjXBVng2TfO14s5t9HZF8IlDfq7TFx88Zb4Ov2l8E0cviUfXWpkj/mc/PmcvdpGMmmH5tbhPdzy5MPmqWHPsUEO"
    "1gzNs+Qahdn+IOsuzCflXhXnl93J6liX8P4A+uJ8ED1Jzg7GiVljM8XPzR2SI/+mvj99eR3eGfbZf7OfNXSzgfnG8w2N5HYF"
    "M8XfGWt1S/weusn8bCa+fDX4J0X8jsGj/F01MtuBN83Cs8lw5Xoi/u34L341b338Ce8Ikj9cwfcVfORk+WZJvimlGHEzeibT"
    "ydetpSC/uwGuJQEfPv9ERn/w14uSvoPXaUj8Hs3wV9waLiR9s20y/l1sEB/3VV9BftOVfy8lVuyXI7wGb2v7sA/R1zNH/D6s"
    "9OCIPLo6G00DvjJmAXg26dtuxcfJg8fG76D/778u4doQGCHPGIr2K03id5yWw+8T8Oxjb3fIv5uEdx4qn2KvpcM99/jcKXxX"
    "IHx7RQwogR9j6clP6FgNeuNvUzlw+ybBd4nD6C1g3/ErvFnw5vUy8Z6wFp3/8uk4X/9gePw+gRfsB0vA1Sd8QwZNN1nnJWPS"
    "yjd/Jqci4Xtx+LjJOVOLSpPJRmt4Rf7SkswP04PFneJ3b2egV0fC78Ls5gHtzz6X9K0b8/2tb/VX4vc0/ZX0Xa7wXMftyePf"
    "HRrBe1k+niw8xxm+7Wa9s++P3xmx1X7zevX4/SM3PRI/Ox2+RzLfmC13xd97y0F3SurTGO+PmW9EsniOBnXid10MRHN37dmC"
    "HomJ9xhTAy/KobENfVkWnuGmC2+H+6np8HP4Po4834C/frjHVd+JYJq+b4i1tejH/Y3j7xeND9+RojNvimv90FU55B10NAed"
    "z2vOhc438sEvOP7MvG+Y4y+8rmvf0Tu8U52OH3owfidP06fj37z3h3ei8ucN4FgYviOBhpr21JXs8956In7HWnivfe7wPj+8"
    "rsSH7La2045HgLb8aQ450BN4nI1upGkf3xuYD68n8g3nrOtMeMeh8ZXQt9T8VcBEfYbShdVovI7PbeCpxMby0cEO98XvTvwx"
    "vEutXfyNuvA3HF35KsbvZ9vMXw3IGn8rpHzSd9mqsdWtSd/a+ZScPuBTSoyLv9XULrxXGIwRdz8aH/cJ38OYxEbS6dOicfy9"
    "jUL8Zreke01LoHMlfr8I/swX9/ufv1Nj/uvbeP/zPRj6s2ts/C2KKWh6T5/+YGd4vgTcT4a14MoR9sTkVxz8Meo/eG4kfU9o"
    "ctI3hDYHPEm2vQaeMUlzzoarHWgMT5FubGB0jOtqEq7Mo+JvBAVdGJGEaxr+39nuP3OF76iE70LdBF63d3pwQvy9jO8eiNv3"
    "Jn3XJ/y9CVdb7R/j0Z189Pv41+G/vrVUJekbTz8mfZcqv77vhG9d6Hcdz7aBCUm8a67uB/qzki4k2MSQrvH38QZofxDkHBd/"
    "n6UeyApOWOcH5uyeJLNx2p9OwtUDbyqA6XgwGJTT5yKZn+4WPyu5skds30/i+2H1U8I3erR9QjY98KwySKnf89ZZJ+ir+Lk/"
    "/KYm17uiz0ZttdF2YGz8TZL0jpejqQNcXfiWNmCbflXgSQtakkFhcD58x25kzLer4R3+dHx0h5jmufA8x1fch2cnwv3y5sqg"
    "vSVdm8sGrxl/Bk/OKY+jaRmYDM9ItjlyZPyNqppJMm1HBkXQcAtc35Pj3PDOvGaxDbaWu/4+Pr7XOBmf+TqZLGXrE8z/hLoe"
    "HWMcWf4L38UkOS6D6wD40ZhPwf1oPwjXe+BJMtuMLz+H/XGPmP9faO8avq0zJv7ez//8Bf7eDI4lfb/pL7h2Tkj6thhci5Jk"
    "Gt778AYYClcraxim7AZP7SRcD5NbXpACrt1JuL7Gl1TP/2eu8N6ITtZRGpxX30fuM7Fr/O7Kf79Pa3yRJHwHw3ehtOfBq5J4"
    "v0ku1vm/7LB60re1fk7S8ZIBFxvZqF9mcGxi/Czvv9+Tct5A0lQQrAR75YOp+rBR7e1B7fAsNdr6gZogDXgErpmTkr6Hpr1P"
    "Eq4ReNNyQvzczRo4Ousznx8/7byGPnPgfkz7cvy+RH6f4dkga132VPyNnt6gZpjPWvu/ET/Dmy6s276pCF9+aWL8DcjwDvrd"
    "E+JrPxfRMyy8VwDfVyjH9Ym/PVMDjEv6ltJ4/W4N36/CtxJgwvPxuwj+/U7WhPjbIOHbZeE3lDVorYvn71nje3BWhKeS8u7w"
    "TR+4wjtGb+KHMssjv+oWf+OrV5JMh46K3yfQeGT8rrTmcDWZEn+PIjwXUnhyHLsb0rvl4f5x61ssx64ujmcQ59aj/QftE7rH"
    "7yeL4BszIf4dIdErfifrR8bV0Ge79jGT4u+Afogf5cSvjPzEMvhepBcF5J7PiSUPvWgNfeJvas4TjwaBnWAZWXQI1/P5so7B"
    "HtD0szyhrzVOZyOL4L0ffQfknOF3tcH8xCi4dpprFvn1IJN7xaUeYv+3veP3pN9s/rxwPYTW02y2snk+0ScnPh2Cf2pmPDVn"
    "ZbS0Cb9148tX5r9f3T/h+0BB7/iwc2J7S/z7BN4bL8T8fWFMnNt9Gt53S57H0XiLvcY2bTlBH/VV5UENwrO0D8bvSdmDT0fl"
    "/xXfjv59N9dL6G4oV7vEZhpY0ydoelSfqWAhHJ2Mmakcgu8PjYrt6BKeX20ev8f6Ue1fraND4Zkw/Plyi3wNj3OL6VV6xO+i"
    "Ka9u1Pj4HtbPk77L19v606D9K2uoQ9fuT5LjEfgeDu86J8dzvWObbKL9azFs4kD6Gu6Hg/cynh7Q76Zx8fecwnfbQixtNSb+"
    "ptp6stid9NHsZnA1op+/on+HdV6iP0eDnwrfAFWuheN4+D6ocjpcHcE6vDkB2sBTGb5kSflANrbSt1/8Db2x4PMk3zeBbAsk"
    "fRu3GTwDQfGp7Dl8B1T5JFlM6Zf0rdI+sf2esN5X8TYL+naE70ap75LkNzJM/4/vCtewwt8U/H5yaow3fFuq90tiKPgCnkHW"
    "shgMC8+5wf0N2GiuBtoLo/FX61wDiqHrkvWtGRt/A+Aavr0Hbz/w6WB7ALgagl2DYnv7A57OdOhdeErxN5/1jX18l4Gxj29g"
    "vp194u+W1WNnNUA+cEv/2Lav9oh1PzzzcoB+ZVH/AVxvgfqOL8DzF6hOVuGewDzmK6T/8+BDxwvw/TnwHr7/ps+LjeN4XJAu"
    "FceraubeZO81nu6fNf5LuB58Ir6PuUhYGxw14Jpt7EG0TwvfTXOcEb7L8HzwQvye3gFJ3+1eh+/XeyftueAuCapMjfm6a2r8"
    "jbGZ/Pd8NrwdvpZ43IdNrw7PreDZAfCL/HOPfGI1vnfjL44lfXP78SLxO37/Ds9khu9pw/can5peXnsOvnPt4u+Spgm5LVkM"
    "4z8Gaf8J7x6xhjfD91tfpsuhxL83wW6QTt2rOePvSr0HEnKOMdY1FpS1F/wqvLMJ3QvhemhQ/Kzob45TO25DBnuMXwpSq/sO"
    "vgL400O5InwjcGB8z0zP8M459LVER9nw/Kb91Fh2nolfygqyofe6eV/Dxwf6xs+PBrpyg4JwvQQyOr7vpTiv6gBvXvxvz5d+"
    "E97bFu6tR/tvaFpr/i5w/sUXfqv/+8ZNxt+i4dkX558av1+5SjnbuI5JsabRjPhbkuGZ50rk2AmfKygLTYu/fbt/SvwM30Hl"
    "JrrZ/KWkb2b2jb/l+y+O1/9jd3+HsTPi42/gSJVkk+uT7HEwPO9OSZJteF56clKuMek/OHLT0f8HkTjpjA=="
)


def rank_multisets() -> npt.NDArray[np.int64]:
    """Every rank multiset of five to seven cards, at most four of a rank: (73775, 13) counts."""
    rows = np.zeros((1, 0), np.int64)
    for _ in range(13):
        parts = []
        for c in range(5):
            grown = np.hstack([rows, np.full((len(rows), 1), c, np.int64)])
            parts.append(grown[grown.sum(axis=1) <= 7])
        rows = np.vstack(parts)
    out: npt.NDArray[np.int64] = rows[rows.sum(axis=1) >= 5]
    return out


def displacements() -> npt.NDArray[np.int64]:
    """The stored displacement of each row (``key >> ROW_SHIFT``)."""
    raw = zlib.decompress(base64.b64decode("".join(_DISPLACEMENTS_B64)))
    return np.frombuffer(raw, dtype="<u4").astype(np.int64)


def _search(keys: npt.NDArray[np.int64], shift: int) -> npt.NDArray[np.int64]:  # pragma: no cover
    """First-fit row displacement, densest rows first (numba; takes seconds)."""
    from numba import njit

    @njit()
    def search(keys: npt.NDArray[np.int64], shift: int) -> npt.NDArray[np.int64]:
        rows = keys >> shift
        cols = keys & ((1 << shift) - 1)
        nrows = rows.max() + 1
        counts = np.zeros(nrows, np.int64)
        for r in rows:
            counts[r] += 1
        order = np.argsort(rows, kind="mergesort")
        starts = np.zeros(nrows + 1, np.int64)
        for r in range(nrows):
            starts[r + 1] = starts[r] + counts[r]
        row_order = np.argsort(-counts, kind="mergesort")
        occupied = np.zeros(len(keys) * 2 + (2 << shift), np.bool_)
        disp = np.zeros(nrows, np.int64)
        first = 0
        for ri in row_order:
            n = counts[ri]
            if n == 0:
                break
            sel = order[starts[ri] : starts[ri] + n]
            while occupied[first]:
                first += 1
            o = max(0, first - cols[sel].min())
            while True:
                ok = True
                for x in sel:
                    if occupied[o + cols[x]]:
                        ok = False
                        break
                if ok:
                    break
                o += 1
            for x in sel:
                occupied[o + cols[x]] = True
            disp[ri] = o
        return disp

    result: npt.NDArray[np.int64] = search(keys, shift)
    return result


if __name__ == "__main__":  # pragma: no cover - regenerates the data above
    import textwrap

    keys = rank_multisets() @ np.array(RANK_MULTIPLIERS, np.int64)
    disp = _search(keys, ROW_SHIFT)
    slots = disp[keys >> ROW_SHIFT] + (keys & ((1 << ROW_SHIFT) - 1))
    assert len(np.unique(slots)) == len(keys)
    text = base64.b64encode(zlib.compress(disp.astype("<u4").tobytes(), 9)).decode()
    print("\n".join(f'    "{line}"' for line in textwrap.wrap(text, 96)))
